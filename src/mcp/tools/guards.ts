/** The guard tools: hallucination, regression. */
import { z } from 'zod';
import { hallucination } from '../../api/guards.js';
import { regressionCheck } from '../../api/regression.js';
import { EVIDENCE_POLICIES } from '../../api/vocabulary.js';
import { guardOutput, oneOf, regressionOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

const traceId = z.string().min(1).optional().describe('a trace whose commands and edits are checked too');

export const guardTools = [
  defineTool({
    name: 'hallucination',
    title: 'Hallucination guard',
    description:
      "Check the working tree's changes and the agent's own words against repository evidence: imports of files or packages that do not exist, claims of tests that never ran, config keys nobody reads.",
    input: z.object({
      traceId,
      messages: z.string().optional().describe('what the agent says it did'),
      changedFiles: z
        .array(z.string())
        .optional()
        .describe('files the change touched (default: every file that differs from HEAD)'),
    }),
    output: guardOutput,
    readOnly: true,
    run: async (options, { root, bus }) => hallucination(root, { bus, ...options }),
  }),
  defineTool({
    name: 'regression',
    title: 'Regression guard',
    description:
      'Does the change touch a known issue (a fixed bug recorded with the test that guards it)? Names the issue and whether its test ran.',
    input: z.object({
      base: z.string().min(1).optional().describe('the git ref to measure the change against'),
      traceId,
      evidencePolicy: oneOf(EVIDENCE_POLICIES).optional(),
    }),
    output: regressionOutput,
    readOnly: true,
    run: async (options, { root, bus }) => regressionCheck(root, { bus, ...options }),
  }),
];
