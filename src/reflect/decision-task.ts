/** The node's question — continue, replan, end or escalate? — as a `ReflectionTask`. */
import { z } from 'zod';
import { decideOffline, type OfflineContext } from './offline.js';
import type { ReflectionTask } from './reflector.js';
import type { ProposedDecision, ReflectionRecord } from './types.js';

export interface DecisionContext extends OfflineContext {
  depthCap: number;
  history: ReflectionRecord[];
}

const AnswerSchema = z
  .object({
    decision: z.enum(['continue', 'replan', 'end', 'escalate']),
    reason: z.string().optional(),
    final_answer: z.string().optional(),
    question: z.string().optional(),
    suggested_responses: z.array(z.string()).optional(),
    critique: z.string().optional(),
  })
  .superRefine((answer, issues) => {
    const required = { replan: 'reason', end: 'final_answer', escalate: 'question' } as const;
    const field = required[answer.decision as keyof typeof required];
    if (field && !answer[field]?.trim())
      issues.addIssue({
        code: 'custom',
        path: [field],
        message: `"${answer.decision}" needs a non-empty ${field}`,
      });
  });

const SYSTEM = `You are the reflection step of a coding-agent run. You see the plan, a summary of the artifacts produced (names, statuses, sizes; never contents) and a plan-vs-actual diff. Decide one of:
- "continue": the plan is working; optional "reason".
- "replan": the plan no longer fits; "reason" is a diagnosis of at most 30 words.
- "end": the goal is met; "final_answer" is 1-3 sentences naming the artifacts.
- "escalate": a person must decide; "question" is specific, "suggested_responses" has 2-4 short answers.
Add "critique" (one sentence) when you see a defect. Judge by the diff, not by hope: a completion ratio of 1.0 with every artifact done or active points to "end"; under 0.5 after 3 rounds points to "replan".
Answer with one JSON object and nothing else.`;

export const decisionTask: ReflectionTask<DecisionContext, ProposedDecision> = {
  offline: (context) => decideOffline(context),
  prompt(context) {
    const { input, diff } = context;
    const previous = context.history.slice(-3).map((record) => ({
      depth: record.depth,
      decision: record.decision.decision,
      reason: record.decision.reason,
    }));
    const facts = {
      goal: input.goal,
      step: input.step,
      reflection_depth: input.depth + 1,
      depth_cap: context.depthCap,
      subtasks: input.plan.subtasks,
      artifacts: input.files,
      diff,
      previous_reflections: previous,
    };
    return { system: SYSTEM, user: JSON.stringify(facts, null, 2) };
  },
  accept(value) {
    const result = AnswerSchema.safeParse(value);
    if (!result.success) {
      const issue = result.error.issues[0]!;
      throw new Error(`${issue.path.join('.') || 'answer'}: ${issue.message}`);
    }
    // zod leaves absent optional fields out, so the parsed value is already the proposal.
    return result.data;
  },
};
