/** The change tools: impact, tests, verify, validate_contracts, policy, loop. */
import { z } from 'zod';
import { checkContracts, impact, selectTests, verify } from '../../api/impact.js';
import { loop } from '../../api/loop.js';
import { policy } from '../../api/policy.js';
import { EVIDENCE_POLICIES, FAIL_ON_LEVELS, LOOP_PHASES } from '../../api/vocabulary.js';
import type { EventBus } from '../../shared/events.js';
import {
  contractsOutput,
  impactOutput,
  loopOutput,
  oneOf,
  policyOutput,
  testsOutput,
  verifyOutput,
} from '../schemas.js';
import { type AnyTool, defineTool, type McpTool } from '../tool.js';

const base = z
  .string()
  .min(1)
  .optional()
  .describe('the git ref to measure the change against (default: merge-base with main/master, else HEAD)');
const traceId = z.string().min(1).optional().describe('the trace whose evidence proves the change');
const evidencePolicy = oneOf(EVIDENCE_POLICIES)
  .optional()
  .describe('advisory | balanced | strict (default: config policy.evidence)');

/** A read-only question about the change against `base` (impact, tests, contracts): `base` is its only input. */
function changeQuestion(
  tool: Pick<McpTool, 'name' | 'title' | 'description' | 'output'>,
  answer: (root: string, options: { bus: EventBus; base?: string | undefined }) => Promise<object>,
): AnyTool {
  return defineTool({
    ...tool,
    input: z.object({ base }),
    readOnly: true,
    run: async ({ base }, { root, bus }) => answer(root, { bus, base }),
  });
}

export const changeTools = [
  changeQuestion(
    {
      name: 'impact',
      title: 'Change impact',
      description:
        'The changed files of the working tree, the files and modules that depend on them, global triggers and the risk of the change.',
      output: impactOutput,
    },
    impact,
  ),
  changeQuestion(
    {
      name: 'tests',
      title: 'Tests for the change',
      description:
        'The tests that prove the current change: a minimal set, a regression set and the full suite.',
      output: testsOutput,
    },
    selectTests,
  ),
  defineTool({
    name: 'verify',
    title: 'Verify the change',
    description:
      'Impact, tests and contract findings of the change in one report (pass or fail); writes .agent-context/verify.json and verify.md, and with `task` the task run files.',
    input: z.object({
      base,
      task: z
        .string()
        .min(1)
        .optional()
        .describe("also write this task run's verify.md, impact.md and tests.md"),
    }),
    output: verifyOutput,
    readOnly: false,
    run: async ({ base, task }, { root, bus }) => verify(root, { bus, base, task }),
  }),
  changeQuestion(
    {
      name: 'validate_contracts',
      title: 'Validate contracts',
      description:
        'Check the repository against its contracts (layering, module boundaries, commands, tests, safety). Works without git; the change rules then are skipped.',
      output: contractsOutput,
    },
    checkContracts,
  ),
  defineTool({
    name: 'policy',
    title: 'Policy gate',
    description:
      'The gate: merges the diff, contract findings, context freshness and trace evidence into findings; `passed` says whether the change may close.',
    input: z.object({
      base,
      traceId,
      evidencePolicy,
      failOn: oneOf(FAIL_ON_LEVELS)
        .optional()
        .describe('the lowest finding severity that fails the gate (default: config policy.failOn)'),
    }),
    output: policyOutput,
    readOnly: true,
    run: async (args, { root, bus }) => policy(root, { bus, ...args }),
  }),
  defineTool({
    name: 'loop',
    title: 'What now?',
    description:
      'The loop controller: for a task, every decision (rebuild context, replan, run tests, ready for review...) with priority, confidence, reason and the command to run next.',
    input: z.object({
      task: z.string().trim().min(1).describe('the task, in the words the run was started with'),
      phase: oneOf(LOOP_PHASES).optional().describe('preflight (default) | after-edit | repair'),
      traceId,
      evidencePolicy,
      base,
      write: z.boolean().optional().describe("move and write the task's state.json"),
    }),
    output: loopOutput,
    readOnly: false,
    run: async ({ task, ...options }, { root, bus }) => loop(task, root, { bus, ...options }),
  }),
];
