/**
 * The reflection node inside Evaluate: the task's expected files as the plan, the iteration's
 * changed files as what was produced, depth-capped. Resumable: a reflection already logged for
 * this iteration is read back, never asked again (so a resumed Evaluate does not deepen it).
 */
import type { ResolvedConfig } from '../config/schema.js';
import { createProvider } from '../llm/registry.js';
import { decisionTask } from '../reflect/decision-task.js';
import { readRunLog } from '../reflect/log.js';
import { type ReflectionResult, reflect } from '../reflect/node.js';
import { reflectors } from '../reflect/reflector.js';
import type { FileSummary, Plan } from '../reflect/types.js';
import { resolveCaps } from '../reflect/workloads.js';
import { readTextIfExists } from '../shared/fs.js';
import { absolutePath } from '../shared/path.js';
import type { PlanActualDiff } from '../shared/plan-actual-diff.js';

export interface ReflectionInput {
  home: string;
  work: string;
  runId: string;
  task: string;
  iteration: number;
  depthCap: number;
  changedFiles: readonly string[];
  planDiff: PlanActualDiff | undefined;
  config: ResolvedConfig;
  env: NodeJS.ProcessEnv;
}

export type ReflectionOutcome = { ran: true; result: ReflectionResult } | { ran: false; reason: string };

export async function reflectOnIteration(input: ReflectionInput): Promise<ReflectionOutcome> {
  const caps = resolveCaps({ ...input.config.reflection, depthCap: Math.min(10, input.depthCap) });
  const history = await readRunLog(input.home, input.runId);
  const done = history.find((record) => record.step === input.iteration);
  if (done)
    return {
      ran: false,
      reason: `already reflected on iteration ${input.iteration}: ${done.decision.decision}`,
    };
  // At the cap the node itself returns the forced escalate with its question (logged as one
  // more record); only after that is there nothing left to ask.
  if (history.length > caps.depthCap)
    return { ran: false, reason: `depth cap ${caps.depthCap} reached: the run escalated earlier` };
  const reflector =
    input.config.reflection.reflector === 'model'
      ? reflectors.model(decisionTask, createProvider(input.config.llm, input.env))
      : reflectors.offline(decisionTask);
  const result = await reflect(
    {
      plan: planOf(input),
      files: await producedOf(input.work, input.changedFiles),
      goal: input.task,
      step: input.iteration,
      depth: history.length,
    },
    { root: input.home, runId: input.runId, caps, reflector, history },
  );
  return { ran: true, result };
}

function planOf(input: ReflectionInput): Plan {
  const expected = input.planDiff
    ? [...input.planDiff.expected_not_produced, ...input.planDiff.overlap].sort()
    : [...input.changedFiles];
  return {
    goal: input.task,
    subtasks: expected.map((file, index) => ({
      id: `s${index + 1}`,
      description: `change ${file}`,
      expected_artifact: file,
    })),
  };
}

/** The changed files as artifacts: done with their size, or failed when the change deleted them. */
async function producedOf(work: string, files: readonly string[]): Promise<FileSummary[]> {
  const summaries: FileSummary[] = [];
  for (const name of files) {
    const text = await readTextIfExists(absolutePath(work, name));
    summaries.push({
      name,
      status: text === undefined ? 'failed' : 'done',
      bytes: Buffer.byteLength(text ?? ''),
      age_steps: 0,
    });
  }
  return summaries;
}
