/** The task-context tools: retrieve, pack, plan. */
import { z } from 'zod';
import { pack, retrieve } from '../../api/retrieval.js';
import { plan } from '../../api/task.js';
import type { EventBus } from '../../shared/events.js';
import { packOutput, planOutput, retrieveOutput } from '../schemas.js';
import { type AnyTool, defineTool, type McpTool } from '../tool.js';

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

/** A task within a token budget (pack, plan): the tool passes the task, the budget and `top` through. */
function taskQuestion(
  tool: Pick<McpTool, 'name' | 'title' | 'description' | 'output'>,
  answer: (
    task: string,
    root: string,
    options: { bus: EventBus; budget?: number | undefined; top?: number | undefined },
  ) => Promise<object>,
): AnyTool {
  return defineTool({
    ...tool,
    input: z.object({ task, budget, top }),
    readOnly: false,
    run: async ({ task, budget, top }, { root, bus }) => answer(task, root, { bus, budget, top }),
  });
}

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
  taskQuestion(
    {
      name: 'pack',
      title: 'Pack a task context',
      description:
        'The files for a task fitted into a token budget (whole files, or signature skeletons of the large ones), with the lessons that apply. Read this before editing.',
      output: packOutput,
    },
    pack,
  ),
  taskQuestion(
    {
      name: 'plan',
      title: 'Plan a task',
      description:
        'The task pack of a task: files, tests, config files, entrypoints, commands and the edit boundary (which files the change may touch). Writes nothing.',
      output: planOutput,
    },
    plan,
  ),
];
