/** The contracts stage: five contract files, their inference, and `validateContracts()`. */
export { BoundaryMatcher } from './boundaries.js';
export { containerPrefix } from './infer/architecture.js';
export { type InferenceInput, inferContracts } from './infer/index.js';
export {
  type ContractFileState,
  type LoadedContracts,
  loadContracts,
  parseContract,
  readContractFiles,
} from './load.js';
export { findUntestedChanges, type UntestedChange } from './rules/missing-test.js';
export { touchesMatching } from './rules/rule.js';
export * from './schema.js';
export { type ContractState, stateOf } from './stamp.js';
export { assignTestFiles, conventionTestsFor, pathMatcher, testCommandsOf } from './test-files.js';
export { repositoryReader, treeFiles } from './tree.js';
export * from './types.js';
export {
  countBySeverity,
  type ValidationInput,
  type ValidationResult,
  validateContracts,
} from './validate.js';
export { type EnsureOptions, type EnsureResult, ensureContracts } from './write.js';
