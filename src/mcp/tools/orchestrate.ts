/** The orchestrator tools: orchestrate_start (a run in the background), orchestrate_status. */
import { z } from 'zod';
import { backgroundRunStatus, startBackgroundRun } from '../../api/orchestrate-background.js';
import { EVIDENCE_POLICIES, FAIL_ON_LEVELS } from '../../api/vocabulary.js';
import { oneOf, orchestrateStartOutput, orchestrateStatusOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

const runId = z.string().min(1).describe('the run id orchestrate_start returned');

export const orchestrateTools = [
  defineTool({
    name: 'orchestrate_start',
    title: 'Start an orchestrator run',
    description:
      'Start a coding agent on the task in a sandbox, held against the evidence gates, in the background: returns the run id at once (the run goes on after this call and after the server stops); follow it with orchestrate_status.',
    input: z.object({
      task: z.string().trim().min(1).describe('what the agent should do'),
      executor: z
        .string()
        .min(1)
        .optional()
        .describe('claude (default), codex, opencode, cursor, mimocode, command or mock'),
      maxLoops: z.number().int().min(1).optional().describe('iterations at most (default 3)'),
      model: z.string().min(1).optional().describe('the model the executor uses'),
      executorArgs: z.array(z.string()).optional().describe('extra executor arguments, before the prompt'),
      executorBin: z.string().min(1).optional().describe('the executor binary (default: found on PATH)'),
      command: z.string().min(1).optional().describe('command executor: the argv template'),
      script: z.string().min(1).optional().describe('mock executor: the JSON script file'),
      evidencePolicy: oneOf(EVIDENCE_POLICIES).optional(),
      failOn: oneOf(FAIL_ON_LEVELS).optional(),
      checkpoint: z.enum(['git-worktree', 'none']).optional().describe('where the executor works'),
      apply: z.boolean().optional().describe('apply the final patch to the tree when the run finalizes'),
      timeoutSeconds: z.number().int().min(1).optional().describe('stop one executor run after this long'),
    }),
    output: orchestrateStartOutput,
    readOnly: false,
    run: async ({ task, timeoutSeconds, ...options }, { root }) =>
      startBackgroundRun(task, root, {
        ...options,
        ...(timeoutSeconds === undefined ? {} : { timeoutMs: timeoutSeconds * 1000 }),
      }),
  }),
  defineTool({
    name: 'orchestrate_status',
    title: 'Orchestrator run status',
    description:
      "An orchestrator run's state (its state.json): the next phase or done, the iteration, the decision, the final patch, and whether its process still runs.",
    input: z.object({ runId }),
    output: orchestrateStatusOutput,
    readOnly: true,
    run: async ({ runId }, { root }) => backgroundRunStatus(runId, root),
  }),
];
