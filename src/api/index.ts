/**
 * The public library. Every function returns the same serialisable object the CLI prints under
 * `--json`. Long-lived callers (servers, plugins) should prefer `opencode-plusplus/session`.
 *
 * Each area lives in its own module (`context.ts`, `trace.ts`, `impact.ts`, `memory.ts`, ...);
 * this file gathers them. The CLI imports the area modules directly so a command loads only its
 * own area.
 */
import { EventBus } from '../shared/events.js';

export type { ResolvedConfig, UserConfig } from '../config/schema.js';
export type { BuildResult, BuildStats } from '../context/build.js';
export type { ContextDelta } from '../context/delta.js';
export type { DriftFinding, DriftReport } from '../context/drift.js';
export type { FileExplanation } from '../context/explain.js';
export type { ComponentFreshness, FreshnessReport, Verdict } from '../context/freshness.js';
export type { DeltaResult, EvolveResult } from '../context/lifecycle.js';
export type { FileRank } from '../context/rank.js';
export type { RefreshDecision, RefreshSignals } from '../context/refresh.js';
export { decideContextRefresh, isProjectConfiguration } from '../context/refresh.js';
export type { ContextStatus } from '../context/status.js';
export type {
  ArchitectureContract,
  CommandsContract,
  ContractFinding,
  ContractSet,
  InferenceInput,
  ModuleBoundaries,
  SafetyContract,
  Severity,
  TestContract,
  TreeFile,
  ValidationInput,
  ValidationResult,
} from '../contracts/index.js';
export {
  assignTestFiles,
  ensureContracts,
  inferContracts,
  loadContracts,
  validateContracts,
} from '../contracts/index.js';
export type { DependencyGraph, GraphEdge } from '../graph/types.js';
/** How the removed-export guard reads an importer's uses, for the gate benchmark's mutation. */
export { destructuredNames } from '../guards/hallucination/exported-names.js';
export { usesOf } from '../guards/hallucination/removed-exports.js';
export { goRemovedNameUses } from '../guards/hallucination/removed-go.js';
export { pythonRemovedNameUses } from '../guards/hallucination/removed-python.js';
export type { CaseContext, TestCase } from '../impact/cases/index.js';
export { caseName, findTestCases, suiteCaseContext } from '../impact/cases/index.js';
export type {
  ChangedFile,
  ChangeImpactReport,
  ChangeSet,
  CollectedChanges,
  ImpactInput,
  RunnableTests,
  SelectedTest,
  SelectionInput,
  TestCommand,
  TestSelection,
  VerifyReport,
} from '../impact/index.js';
export {
  buildChangeImpactReport,
  buildTestSelection,
  buildVerifyReport,
  collectChanges,
  renderTaskVerify,
} from '../impact/index.js';
export type { ExportFact, ImportFact, IndexedFile, RouteFact, SymbolFact } from '../index/types.js';
export type { LlmCallRecord, LlmProvider, LlmSettings } from '../llm/types.js';
export type { KnownIssue, LessonView, Proposal, RelevantLesson, ServedRecord } from '../memory/index.js';
export {
  addKnownIssue,
  findRelevantLessons,
  markKnownIssueSeen,
  readKnownIssues,
  recordIgnored,
  recordReflectionOutcome,
  recordServed,
  removeKnownIssue,
  serveLessons,
  updateKnownIssue,
} from '../memory/index.js';
export type {
  FileSummary,
  Plan,
  PlanActualDiff,
  ReflectionDecision,
  ReflectionResult,
} from '../reflect/index.js';
export { expectedArtifacts, planActualDiff } from '../reflect/index.js';
export type { ChunkMatch } from '../retrieve/search.js';
export type { RetrievalSignal, SignalScores } from '../retrieve/types.js';
export { type LockfileFormat, lockfileFormat } from '../scan/file-kinds.js';
export { isOcppError, OcppError } from '../shared/errors.js';
export type { TaskPack } from '../task/types.js';
export type { TaskRunResult } from '../task/write-task-run.js';
export * from './context.js';
export type { DoctorCheck, DoctorReport } from './doctor.js';
export * from './guards.js';
export type {
  ChangeCallOptions,
  ContractsCallOptions,
  ContractsReport,
  VerifyCallOptions,
  VerifyResult,
} from './impact.js';
export { checkContracts, impact, selectTests, verify } from './impact.js';
export { type InitOptions, type InitResult, initRepository, RECOMMENDED_CONFIG } from './init.js';
export * from './loop.js';
export * from './memory.js';
export { type OrchestrateOptions, orchestrate } from './orchestrate.js';
export * from './policy.js';
export {
  type ReflectCallOptions,
  type ReflectTranscriptOptions,
  type ReflectTranscriptResult,
  reflectOnce,
  reflectTranscript,
} from './reflect.js';
export * from './regression.js';
export type {
  PackedFile,
  PackLesson,
  PackOptions,
  PackResult,
  RagSearchOptions,
  RagSearchResult,
  RetrievedFile,
  RetrievedTest,
  RetrieveOptions,
  RetrieveResult,
} from './retrieval.js';
export { classifyPath, pack, packMarkdown, ragSearch, retrieve } from './retrieval.js';
export {
  plan,
  type StartedRun,
  type StartRunOptions,
  startRun,
  type TaskOptions,
  task,
} from './task.js';
export * from './trace.js';
export { analyzeWorkingTree, type WorkingTree } from './working-tree.js';
export { EventBus };
