/** The task-context tools: retrieve, pack, plan. */
import { z } from 'zod';
import { pack, retrieve } from '../../api/retrieval.js';
import { plan } from '../../api/task.js';
import { packOutput, planOutput, retrieveOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

const task = z.string().trim().min(1).describe('what the agent is about to do, in words');
const top = z
  .number()
  .int()
  .positive()
  .optional()
  .describe('how many files to list (default: config retrieve.top)');
const budget = z
  .number()
  .int()
  .positive()
  .optional()
  .describe('token budget, o200k tokens (default: config pack.budget)');

export const retrievalTools = [
  defineTool({
    name: 'retrieve',
    title: 'Files for a task',
    description:
      'The files most relevant to a task, ranked, each with its reasons and token count, and the tests that cover them. Refreshes the context first when it is stale.',
    input: z.object({
      task,
      top,
      tests: z.number().int().nonnegative().optional().describe('how many tests to list'),
    }),
    output: retrieveOutput,
    readOnly: false,
    run: async ({ task, top, tests }, { root, bus }) => retrieve(task, root, { bus, top, tests }),
  }),
  defineTool({
    name: 'pack',
    title: 'Pack a task context',
    description:
      'The files for a task fitted into a token budget (whole files, or signature skeletons of the large ones), with the lessons that apply. Read this before editing.',
    input: z.object({ task, budget, top }),
    output: packOutput,
    readOnly: false,
    run: async ({ task, budget, top }, { root, bus }) => pack(task, root, { bus, budget, top }),
  }),
  defineTool({
    name: 'plan',
    title: 'Plan a task',
    description:
      'The task pack of a task: files, tests, config files, entrypoints, commands and the edit boundary (which files the change may touch). Writes nothing.',
    input: z.object({ task, budget, top }),
    output: planOutput,
    readOnly: false,
    run: async ({ task, budget, top }, { root, bus }) => plan(task, root, { bus, budget, top }),
  }),
];
