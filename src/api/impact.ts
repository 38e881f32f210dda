/**
 * One-shot calls for contracts, change impact, test selection and verify: each returns what the
 * matching command prints under `--json`. The stages themselves stay pure; the wiring is here.
 */

import { type LoadedConfig, loadConfig } from '../config/load.js';
import {
  type ContractFileState,
  ensureContracts,
  loadContracts,
  type ValidationResult,
  validateContracts,
} from '../contracts/index.js';
import {
  buildChangeImpactReport,
  buildVerifyReport,
  type ChangeImpactReport,
  type ChangeOptions,
  type ChangeSet,
  collectChanges,
  renderTaskVerify,
  type TestSelection,
  type VerifyReport,
} from '../impact/index.js';
import { type EventBus, silentBus } from '../shared/events.js';
import { gitTopLevel } from '../shared/git.js';
import { resolveAbsolute } from '../shared/path.js';
import type { ChangeAnalysis } from './change-analysis.js';
import { selectionWithSuite } from './test-selection.js';
import { analyzeWorkingTree, type WorkingTree } from './working-tree.js';

export interface ChangeCallOptions {
  bus?: EventBus;
  /** The ref to measure the change against (default: merge-base with main/master, else HEAD). */
  base?: string;
}

export interface ContractsReport extends ValidationResult {
  schemaVersion: 1;
  /** Each contract file and whether it is missing (inferred in memory), inferred, edited or hand-written. */
  contracts: ContractFileState[];
  /** Set when the change rules ran: the base they compared against. */
  base?: ChangeSet['base'];
  /** Contract files written by `refreshInferred`. */
  refreshed?: string[];
  notes: string[];
}

export interface ContractsCallOptions extends ChangeCallOptions {
  /** Re-infer the contract files that are still exactly as inferred (edited ones are never touched). */
  refreshInferred?: boolean;
}

/** Validates the repository against its contracts; works without git (change rules are then skipped). */
export async function checkContracts(
  directory = '.',
  options: ContractsCallOptions = {},
): Promise<ContractsReport> {
  const { existingDirectory } = await import('../shared/fs.js');
  const tree = await analyzeWorkingTree(await existingDirectory(directory), options.bus ?? silentBus());
  const refreshed = options.refreshInferred
    ? (await ensureContracts(tree.root, tree.inference, { refresh: true })).written
    : undefined;
  const loaded = await loadContracts(tree.root, tree.inference);
  const notes: string[] = [];
  const change = (await gitTopLevel(tree.root)) ? await changeOf(tree, options) : undefined;
  if (!change) notes.push('not a git repository: the rules that judge a change were skipped; the rest ran');
  else notes.push(...change.changes.notes);
  const validation = await validateContracts({
    contracts: loaded.contracts,
    files: tree.files,
    graph: tree.graph,
    ...(change ?? {}),
    scope: 'all',
  });
  const missing = loaded.files.filter((file) => file.state === 'missing').map((file) => file.file);
  if (missing.length > 0)
    notes.push(`not written yet, checked as inferred: ${missing.join(', ')} (\`build\` writes them)`);
  return {
    schemaVersion: 1,
    ...validation,
    contracts: loaded.files,
    ...(change ? { base: change.changes.base } : {}),
    ...(refreshed ? { refreshed } : {}),
    notes,
  };
}

/** What a change affects: dependents with their import paths, modules, risk. Needs git. */
export async function impact(directory = '.', options: ChangeCallOptions = {}): Promise<ChangeImpactReport> {
  return (await analyzeChange(directory, options)).impact;
}

export interface SelectTestsOptions extends ChangeCallOptions {
  /** The most of the suite the regression level fills, 0 to 1 (default a quarter, see select-rank.ts; 1: every test that reaches the change, ranked). */
  share?: number;
}

/** The tests that prove a change: minimal, regression and full, as commands. Needs git. */
export async function selectTests(directory = '.', options: SelectTestsOptions = {}): Promise<TestSelection> {
  return selectionOf(await analyzeChange(directory, options), options.share);
}

/** The test selection of an analysed change, with the crates, test names, words of the change and history it reads. */
export async function selectionOf(analysis: ChangeAnalysis, share?: number): Promise<TestSelection> {
  return (await selectionWithSuite(analysis, share)).selection;
}

export interface VerifyCallOptions extends ChangeCallOptions {
  /** Also write the task run's verify.md, impact.md and tests.md. */
  task?: string;
}

export interface VerifyResult extends VerifyReport {
  /** Files written (repository paths). */
  written: string[];
}

/** Impact, tests and contract findings of a change in one report; writes verify.json and verify.md. */
export async function verify(directory = '.', options: VerifyCallOptions = {}): Promise<VerifyResult> {
  const analysis = await analyzeChange(directory, options);
  const { tree, contracts } = analysis;
  const tests = await selectionOf(analysis);
  const validation = await validateChange(analysis);
  const { guardChange } = await import('./gate.js');
  const report = buildVerifyReport({
    impact: analysis.impact,
    tests,
    validation,
    contractFiles: analysis.contractFiles,
    commands: contracts.commands,
    guards: await guardChange(analysis),
  });
  const written = await renderTaskVerify(
    tree.root,
    report,
    options.task === undefined ? {} : { task: options.task },
  );
  return { ...report, written };
}

export type { ChangeAnalysis } from './change-analysis.js';

/** Contract findings in the files the change touched. */
export function validateChange(analysis: ChangeAnalysis): Promise<ValidationResult> {
  const { tree, contracts, change } = analysis;
  return validateContracts({ contracts, files: tree.files, graph: tree.graph, ...change, scope: 'changed' });
}

export { testCommandsOf } from '../contracts/index.js';

export async function analyzeChange(directory: string, options: ChangeCallOptions): Promise<ChangeAnalysis> {
  const root = resolveAbsolute(directory);
  const config = await loadConfig(root);
  const change = await collectChanges(root, changeOptions(config, options));
  const tree = await analyzeWorkingTree(root, options.bus ?? silentBus(), config);
  const loaded = await loadContracts(root, tree.inference);
  const impactReport = buildChangeImpactReport({
    changes: change.changes,
    graph: tree.graph,
    files: tree.files,
    contracts: loaded.contracts,
    maxDepth: tree.config.config.impact.maxDepth,
  });
  return { tree, contracts: loaded.contracts, contractFiles: loaded.files, change, impact: impactReport };
}

async function changeOf(tree: WorkingTree, options: ChangeCallOptions) {
  return collectChanges(tree.root, changeOptions(tree.config, options));
}

function changeOptions(config: LoadedConfig, options: ChangeCallOptions): ChangeOptions {
  const { agentsFile } = config.config.context;
  const { baseBranches } = config.config.impact;
  return options.base === undefined
    ? { agentsFile, baseBranches }
    : { agentsFile, baseBranches, base: options.base };
}
