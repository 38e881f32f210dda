/** The reflection stage's surface: the node, its inputs, the reflectors and the caps. */

export { planActualDiff } from '../shared/plan-actual-diff.js';
export { type DecisionContext, decisionTask } from './decision-task.js';
export { expectedArtifacts } from './diff.js';
export { parseFiles, parsePlan, readFilesFile, readPlanFile, summarizeDirectory } from './input.js';
export { readRunLog, runLogPath } from './log.js';
export { decide, defaultRunId, type ReflectionResult, type ReflectOptions, reflect } from './node.js';
export { decideOffline, offlineRules } from './offline.js';
export {
  modelReflector,
  offlineReflector,
  type ReflectionTask,
  type Reflector,
  type ReflectorAnswer,
  reflectors,
} from './reflector.js';
export { applyHardRules } from './rules.js';
export { critiqueHash } from './text.js';
export * from './types.js';
export { isWorkload, MAX_DEPTH_CAP, resolveCaps, type Workload, workloads } from './workloads.js';
