/** The trace tools: trace_start, trace_add, trace_run, trace_show. */
import { z } from 'zod';
import { traceAdd, traceRun, traceShow, traceStart } from '../../api/trace.js';
import { ManualKindSchema, RequirementTypeSchema } from '../../api/vocabulary.js';
import { appendOutput, traceOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

const traceId = z.string().min(1).describe('the trace id trace_start returned');
const about = z
  .array(RequirementTypeSchema)
  .optional()
  .describe('the requirements this step speaks to (tests, contracts, lint, typecheck, build, command)');
const reason = z.string().optional().describe('why, in words');

/** A repository-relative directory that stays inside the repository. */
const insideRepository = z
  .string()
  .refine((path) => !path.startsWith('/') && !path.split(/[\\/]/).includes('..'), {
    message: 'must be a path relative to the repository root, without ".."',
  });

export const traceTools = [
  defineTool({
    name: 'trace_start',
    title: 'Start a trace',
    description:
      'Start the trace of a task: the ordered record of what happened and who saw it. Returns the trace (its `id` is what the other trace tools take).',
    input: z.object({
      task: z.string().trim().min(1).describe('the task, in words'),
      taskId: z.string().min(1).optional().describe('the task run this trace belongs to'),
      agent: z.string().min(1).optional().describe('the agent recording it (default: unknown)'),
    }),
    output: traceOutput,
    readOnly: false,
    run: async (input, { root }) => traceStart(root, input),
  }),
  defineTool({
    name: 'trace_add',
    title: 'Add a manual trace step',
    description:
      "Record what somebody says: an edit, an observation or a claim. Manual steps are a person's or agent's word; they never count as observed evidence.",
    input: z.object({
      traceId,
      kind: ManualKindSchema.describe('edit | observation | claim'),
      message: z.string().min(1),
      files: z.array(z.string()).optional().describe('repository paths the step is about'),
      reason,
      about,
    }),
    output: appendOutput,
    readOnly: false,
    run: async ({ traceId, ...input }, { root }) => traceAdd(root, traceId, input),
  }),
  defineTool({
    name: 'trace_run',
    title: 'Run a command into the trace',
    description:
      'Run a command (no shell) in the repository and record its exit code and output tail as observed evidence: this is how tests count under the balanced and strict policies.',
    input: z.object({
      traceId,
      command: z.array(z.string()).min(1).describe('the program and its arguments, e.g. ["npm","test"]'),
      cwd: insideRepository.optional().describe('directory to run in, relative to the repository root'),
      timeoutMs: z.number().int().positive().optional(),
      reason,
      about,
    }),
    output: appendOutput,
    readOnly: false,
    run: async ({ traceId, ...input }, { root }) => traceRun(root, traceId, input),
  }),
  defineTool({
    name: 'trace_show',
    title: 'Show a trace',
    description: 'A trace with all its steps.',
    input: z.object({ traceId }),
    output: traceOutput,
    readOnly: true,
    run: async ({ traceId }, { root }) => traceShow(root, traceId),
  }),
];
