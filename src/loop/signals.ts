/**
 * The loop's reading of facts other stages report: how fresh the context is for the agent, which
 * of a run's files are gone, and whether tests failed after the last edit. Pure functions over
 * the freshness report, the run and the trace.
 */
import type { FreshnessReport } from '../context/freshness.js';
import type { ContextSignals } from '../guards/adapters.js';
import {
  type EvidencePolicy,
  type EvidenceRequirement,
  type EvidenceVerdict,
  evidenceSatisfies,
} from '../trace/evidence.js';
import type { Trace } from '../trace/types.js';
import type { TaskRunFacts } from './controller.js';

/**
 * What the agent reads is the repository's context: a change to task packs alone (a run written
 * or removed) is the plan's business — `replan`, not `rebuild-context`.
 */
export function contextSignals(
  freshness: FreshnessReport,
  run: TaskRunFacts | undefined,
  present: Set<string> | undefined,
): ContextSignals {
  const relevant = freshness.components.filter(
    (component) => component.verdict !== 'fresh' && component.component !== 'taskPacks',
  );
  const rank = { fresh: 0, stale: 1, inconsistent: 2, missing: 3 } as const;
  const verdict = relevant.reduce<FreshnessReport['verdict']>(
    (worst, component) => (rank[component.verdict] > rank[worst] ? component.verdict : worst),
    'fresh',
  );
  return {
    verdict: freshness.verdict === 'missing' ? 'missing' : verdict,
    reasons: relevant.map((component) => `${component.component}: ${component.reason}`),
    drift: run ? staleRunFiles(run, present) : [],
  };
}

function staleRunFiles(
  run: TaskRunFacts,
  present: Set<string> | undefined,
): Array<{ kind: string; file: string; message: string }> {
  if (!present) return [];
  const gone = run.files.filter((path) => !present.has(path));
  if (gone.length === 0) return [];
  return [
    {
      kind: 'task-pack-stale',
      file: `.agent-context/runs/${run.taskId}/run.json`,
      message: `the task pack names ${gone.length} file(s) that moved or vanished: ${gone.slice(0, 3).join(', ')}`,
    },
  ];
}

/** A test command (or test report) failed after the trace's last edit. */
export function testsFailedSinceLastEdit(trace: Trace | undefined): boolean {
  if (!trace) return false;
  let lastEdit = -1;
  trace.steps.forEach((step, index) => {
    if (step.kind === 'edit') lastEdit = index;
  });
  return trace.steps
    .slice(lastEdit + 1)
    .some(
      (step) =>
        (step.kind === 'command' && step.exitCode !== 0 && step.about.includes('tests')) ||
        (step.kind === 'test-report' && step.report.failed + step.report.errors > 0),
    );
}

/** Each requirement judged on the trace; without a trace nothing proves any of them. */
export function evidenceVerdicts(
  requirements: readonly EvidenceRequirement[],
  trace: Trace | undefined,
  policy: EvidencePolicy,
  treeHash: string,
): EvidenceVerdict[] {
  return requirements.map((requirement) =>
    trace
      ? evidenceSatisfies(requirement, trace, policy, { treeHash })
      : {
          requirement: requirement.id,
          satisfied: false,
          verified: false,
          claimed: false,
          reasons: ['no trace given: nothing proves it (pass --trace <id>)'],
        },
  );
}
