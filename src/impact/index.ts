/** The impact stage: changed files, the reverse dependency walk, risk, test selection, verify. */
export { type BaseInfo, type BaseOptions, EMPTY_TREE, resolveBase } from './base.js';
export { type ChangedFileTerms, readChangeTerms, readSourceChangeTerms } from './change-terms.js';
export {
  type ChangedFile,
  type ChangeOptions,
  type ChangeOrigin,
  type ChangeSet,
  type ChangeStatus,
  type CollectedChanges,
  collectChanges,
  gitContentReader,
} from './changes.js';
export type { AffectedFile } from './dependents.js';
export { type GlobalTrigger, globalTriggerOf } from './global-files.js';
export { renderImpactMarkdown, renderTestsMarkdown, renderVerifyMarkdown } from './markdown.js';
export type { AffectedModule } from './modules.js';
export { buildChangeImpactReport, type ChangeImpactReport, type ImpactInput } from './report.js';
export type { RiskAssessment, RiskFactor } from './risk.js';
export { type RunnableTests, runnableTests } from './runnable.js';
export {
  buildTestSelection,
  type SelectedTest,
  type SelectionInput,
  type TestCommand,
  type TestSelection,
} from './select.js';
export { gatherSelectionFacts, readSelectionFacts, type SelectionFacts } from './selection-facts.js';
export {
  blockingReasons,
  buildVerifyReport,
  gateSeverity,
  type VerifyGuardReport,
  type VerifyParts,
  type VerifyReport,
} from './verify.js';
export { type RenderOptions, renderTaskVerify } from './write-verify.js';
