/**
 * The decision table: plan + file summaries over one or more rounds → the decision of the last
 * round. Rounds run through the real node (run log on disk, history read back), so the
 * consecutive-round rules (failed twice, repeated defect, depth cap) are exercised as in a run.
 * A round with a `proposal` stands in for a model: the hard rules must hold whatever it says.
 */
import { describe, expect, it } from 'vitest';
import type { LlmCallRecord } from '../../src/llm/types.js';
import { decisionTask } from '../../src/reflect/decision-task.js';
import { type ReflectionResult, reflect } from '../../src/reflect/node.js';
import { offlineReflector, type Reflector } from '../../src/reflect/reflector.js';
import type { FileSummary, Plan, ProposedDecision, RuleOverride } from '../../src/reflect/types.js';
import { resolveCaps, type Workload } from '../../src/reflect/workloads.js';
import { makeTempDir } from '../helpers/repo.js';

const plan: Plan = {
  goal: 'Write the quarterly sales report',
  subtasks: [
    { id: 's1', description: 'collect the data', expected_artifact: 'data.csv' },
    { id: 's2', description: 'write the report', expected_artifact: 'report.md' },
    { id: 's3', description: 'draw the chart', expected_artifact: 'chart.png' },
  ],
};

const f = (name: string, status: FileSummary['status'], bytes = 100, age_steps = 0): FileSummary => ({
  name,
  status,
  bytes,
  age_steps,
});
const allDone = [f('data.csv', 'done'), f('report.md', 'done'), f('chart.png', 'done')];
const oneDone = [f('data.csv', 'done')];
const twoDone = [f('data.csv', 'done'), f('report.md', 'done')];
const s3Failed = [f('data.csv', 'done'), f('report.md', 'done'), f('chart.png', 'failed', 0)];

interface Round {
  files: FileSummary[];
  step?: number;
  /** What a model proposed this round (instead of the offline rules). */
  proposal?: ProposedDecision;
  calls?: LlmCallRecord[];
}

interface Case {
  name: string;
  workload?: Workload;
  depthCap?: number;
  maxTokens?: number;
  rounds: Round[];
  expect: ProposedDecision['decision'];
  rule?: RuleOverride['rule'];
  text?: RegExp;
  check?: (result: ReflectionResult) => void;
}

const call = (tokens: number): LlmCallRecord => ({
  provider: 'openai',
  model: 'test',
  inputTokens: tokens,
  outputTokens: 0,
  estimatedTokens: false,
  costUsd: null,
  durationMs: 1,
  outcome: 'ok',
});

/** Rounds the offline rules answer `continue` to, however late: two of three done, nothing stalled. */
const continueRounds = (count: number): Round[] => Array.from({ length: count }, () => ({ files: twoDone }));

const cases: Case[] = [
  { name: 'nothing produced yet at step 1', rounds: [{ files: [] }], expect: 'continue', text: /next: s1/ },
  { name: 'one of three done early', rounds: [{ files: oneDone }], expect: 'continue', text: /1 of 3/ },
  {
    name: 'everything done',
    rounds: [{ files: allDone }],
    expect: 'end',
    check: (result) =>
      expect(result.final_answer).toMatch(/data\.csv.*report\.md.*chart\.png|chart\.png.*data\.csv/),
  },
  {
    name: 'ratio 1.0 with one artifact still active',
    rounds: [{ files: [f('data.csv', 'done'), f('report.md', 'done'), f('chart.png', 'active')] }],
    expect: 'end',
    text: /chart\.png still marked active/,
  },
  {
    name: 'ratio 1.0 but every artifact still in progress',
    rounds: [{ files: allDone.map((file) => ({ ...file, status: 'active' as const })) }],
    expect: 'continue',
    text: /in progress/,
  },
  {
    name: 'a subtask failed',
    rounds: [{ files: s3Failed }],
    expect: 'replan',
    text: /s3 \(chart\.png\) failed/,
  },
  {
    name: 'a subtask failed in two consecutive rounds',
    rounds: [{ files: s3Failed }, { files: s3Failed }],
    expect: 'escalate',
    rule: 'failed-twice',
    text: /s3 \(chart\.png\) failed twice/,
  },
  {
    name: 'the same subtask failed twice with a success in between',
    rounds: [{ files: s3Failed }, { files: allDone.slice(0, 2) }, { files: s3Failed }],
    expect: 'escalate',
    rule: 'failed-twice',
  },
  {
    name: 'two different subtasks failed once each',
    rounds: [
      { files: s3Failed },
      { files: [f('data.csv', 'done'), f('report.md', 'failed'), f('chart.png', 'done')] },
    ],
    expect: 'replan',
    text: /s2 \(report\.md\) failed/,
  },
  {
    name: 'an artifact marked done but empty',
    rounds: [{ files: [f('data.csv', 'done', 0)] }],
    expect: 'replan',
    text: /data\.csv marked done but empty/,
  },
  {
    name: 'ratio 0.33 after three rounds',
    rounds: [{ files: oneDone, step: 3 }],
    expect: 'replan',
    text: /Only 1 of 3/,
  },
  { name: 'ratio 0.33 after two rounds', rounds: [{ files: oneDone, step: 2 }], expect: 'continue' },
  { name: 'ratio 0.67 after five rounds', rounds: [{ files: twoDone, step: 5 }], expect: 'continue' },
  {
    name: 'nothing at all after three rounds',
    rounds: [{ files: [], step: 3 }],
    expect: 'replan',
    text: /Only 0 of 3/,
  },
  {
    name: 'an artifact active for three steps has stalled',
    rounds: [{ files: [f('data.csv', 'done'), f('report.md', 'active', 50, 3)] }],
    expect: 'replan',
    text: /report\.md active for 3 steps/,
  },
  {
    name: 'an artifact active for two steps is still fine',
    rounds: [{ files: [f('data.csv', 'done'), f('report.md', 'active', 50, 2)] }],
    expect: 'continue',
  },
  {
    name: 'work drifted to unplanned files',
    rounds: [{ files: [f('data.csv', 'done'), f('notes.txt', 'done'), f('draft2.md', 'done')], step: 2 }],
    expect: 'replan',
    text: /drifted/,
  },
  {
    name: 'unplanned files in the first round are not yet drift',
    rounds: [{ files: [f('data.csv', 'done'), f('notes.txt', 'done'), f('draft2.md', 'done')], step: 1 }],
    expect: 'continue',
  },
  {
    name: 'the same stall reported in two consecutive reflections (ages differ)',
    rounds: [
      { files: [f('data.csv', 'done'), f('report.md', 'active', 50, 3)] },
      { files: [f('data.csv', 'done'), f('report.md', 'active', 50, 4)] },
    ],
    expect: 'escalate',
    rule: 'repeated-defect',
  },
  {
    name: 'the same stall with a clean round in between is not repeated',
    rounds: [
      { files: [f('data.csv', 'done'), f('report.md', 'active', 50, 3)] },
      { files: [f('data.csv', 'done'), f('report.md', 'active', 50, 0)] },
      { files: [f('data.csv', 'done'), f('report.md', 'active', 50, 3)] },
    ],
    expect: 'replan',
  },
  {
    name: 'interactive work reaches its cap of 2',
    workload: 'interactive',
    rounds: continueRounds(2),
    expect: 'escalate',
    rule: 'depth-cap',
    text: /Reflection depth 2 reached without converging/,
  },
  {
    name: 'coding reaches its cap of 5',
    rounds: continueRounds(5),
    expect: 'escalate',
    rule: 'depth-cap',
    text: /depth 5 reached/,
  },
  {
    name: 'research one round below its cap of 3',
    workload: 'research',
    rounds: continueRounds(2),
    expect: 'continue',
  },
  {
    name: 'a converged run at the cap ends',
    workload: 'interactive',
    rounds: [{ files: oneDone }, { files: allDone }],
    expect: 'end',
  },
  {
    name: 'a configured cap of 3 overrides the coding workload',
    depthCap: 3,
    rounds: continueRounds(3),
    expect: 'escalate',
    rule: 'depth-cap',
  },
  {
    name: 'bug-hunting reaches its cap of 6',
    workload: 'bug-hunting',
    rounds: continueRounds(6),
    expect: 'escalate',
    rule: 'depth-cap',
  },
  {
    name: 'a model ends with nothing done: overridden to replan',
    rounds: [{ files: [f('data.csv', 'active')], proposal: { decision: 'end', final_answer: 'All done.' } }],
    expect: 'replan',
    rule: 'end-without-done',
  },
  {
    name: 'a model ends with nothing done at the cap: replan, then escalate',
    workload: 'interactive',
    rounds: [
      { files: [] },
      { files: [f('data.csv', 'active')], proposal: { decision: 'end', final_answer: 'Done.' } },
    ],
    expect: 'escalate',
    rule: 'depth-cap',
    check: (result) =>
      expect(result.overrides.map((override) => override.rule)).toEqual(['end-without-done', 'depth-cap']),
  },
  {
    name: 'a model says continue at the cap',
    workload: 'interactive',
    rounds: [{ files: oneDone }, { files: oneDone, proposal: { decision: 'continue' } }],
    expect: 'escalate',
    rule: 'depth-cap',
  },
  {
    name: "a model's final answer that names no artifact gets them appended",
    rounds: [
      {
        files: twoDone,
        proposal: { decision: 'end', final_answer: 'The work is finished. Well done. Truly. Really.' },
      },
    ],
    expect: 'end',
    check: (result) => {
      expect(result.final_answer).toBe('The work is finished. Well done. Artifacts: data.csv and report.md.');
    },
  },
  {
    name: "a model's 50-word diagnosis is cut to 30 words",
    rounds: [
      {
        files: oneDone,
        proposal: { decision: 'replan', reason: Array.from({ length: 50 }, (_, i) => `w${i}`).join(' ') },
      },
    ],
    expect: 'replan',
    check: (result) => expect(result.reason!.split(' ')).toHaveLength(30),
  },
  {
    name: "a model's escalation with one suggested answer gets a second",
    rounds: [
      {
        files: oneDone,
        proposal: { decision: 'escalate', question: 'Which region?', suggested_responses: ['EU'] },
      },
    ],
    expect: 'escalate',
    check: (result) => {
      expect(result.question).toBe('Which region?');
      expect(result.suggested_responses).toEqual(['EU', 'Continue as planned']);
      expect(result.artifacts_for_review).toEqual(['data.csv']);
    },
  },
  {
    name: "a model's escalation with six answers keeps four",
    rounds: [
      {
        files: oneDone,
        proposal: {
          decision: 'escalate',
          question: 'Which?',
          suggested_responses: ['a', 'b', 'c', 'd', 'e', 'f'],
        },
      },
    ],
    expect: 'escalate',
    check: (result) => expect(result.suggested_responses).toEqual(['a', 'b', 'c', 'd']),
  },
  {
    name: 'the token cap is spent',
    maxTokens: 1000,
    rounds: [
      { files: oneDone, proposal: { decision: 'continue' }, calls: [call(600)] },
      { files: twoDone, proposal: { decision: 'continue' }, calls: [call(600)] },
    ],
    expect: 'escalate',
    rule: 'cost-cap',
    text: /token cap reached: 1200 of 1000/,
  },
  {
    name: 'expected artifacts written as ./name match files without the prefix',
    rounds: [{ files: [f('./data.csv', 'done'), f('report.md', 'done'), f('chart.png', 'done')] }],
    expect: 'end',
    check: (result) => expect(result.diff.completion_ratio).toBe(1),
  },
  {
    name: 'a failure wins over a full ratio',
    rounds: [{ files: s3Failed }],
    expect: 'replan',
    check: (result) => expect(result.diff.completion_ratio).toBe(1),
  },
  {
    name: 'an escalation lists only done artifacts for review',
    rounds: [{ files: s3Failed }, { files: s3Failed }],
    expect: 'escalate',
    rule: 'failed-twice',
    check: (result) => {
      expect(result.artifacts_for_review).toEqual(['data.csv', 'report.md']);
      expect(result.suggested_responses!.length).toBeGreaterThanOrEqual(2);
      expect(result.suggested_responses!.length).toBeLessThanOrEqual(4);
      expect(result.depth).toBe(2);
    },
  },
];

function fixedReflector(
  proposal: ProposedDecision,
  calls: LlmCallRecord[],
): Reflector<never, ProposedDecision> {
  return {
    name: 'model',
    reflect: async () => ({ value: proposal, answeredBy: 'model', calls, fallback: null }),
  };
}

async function runCase(entry: Case): Promise<ReflectionResult> {
  const root = makeTempDir('ocpp-reflect-');
  const caps = resolveCaps({
    workload: entry.workload ?? 'coding',
    depthCap: entry.depthCap,
    maxTokens: entry.maxTokens,
  });
  let result: ReflectionResult | undefined;
  for (const [index, round] of entry.rounds.entries()) {
    const reflector = round.proposal
      ? (fixedReflector(round.proposal, round.calls ?? []) as Reflector<never, ProposedDecision>)
      : offlineReflector(decisionTask);
    result = await reflect(
      { plan, files: round.files, goal: plan.goal, step: round.step ?? index + 1, depth: index },
      { root, runId: 'case', caps, reflector },
    );
  }
  return result!;
}

describe('reflection decision table', () => {
  it('has at least 30 cases', () => expect(cases.length).toBeGreaterThanOrEqual(30));

  for (const entry of cases) {
    it(entry.name, async () => {
      const result = await runCase(entry);
      expect(result.decision).toBe(entry.expect);
      if (entry.rule) expect(result.overrides.map((override) => override.rule)).toContain(entry.rule);
      else expect(result.overrides).toEqual([]);
      if (entry.text) {
        const text = [result.reason, result.final_answer, result.question].filter(Boolean).join(' | ');
        expect(text).toMatch(entry.text);
      }
      if (result.decision === 'replan') expect(result.reason!.split(/\s+/).length).toBeLessThanOrEqual(31);
      if (result.decision === 'end')
        expect(result.final_answer!.match(/[.!?](\s|$)/g)!.length).toBeLessThanOrEqual(3);
      entry.check?.(result);
    });
  }
});
