/** What a test selection reads, and one test it chose, at which level and why. */
import type { ContractSet, TestRunnerId, TreeFile } from '../contracts/index.js';
import type { ExternalImport, NamedPackage } from './package-imports.js';
import type { ChangeImpactReport } from './report.js';
import type { SelectionFacts } from './selection-facts.js';

export type SelectionLevel = 'minimal' | 'regression';

export interface SelectedTest {
  file: string;
  runner: TestRunnerId;
  level: SelectionLevel;
  /** Why it was chosen, in words. */
  reason: string;
  /** How strongly the test's text points at the change: the rarity-weighted words of the change it mentions (0: none). */
  evidence: number;
  /** The import path from the test to the changed file, when imports chose it. */
  path?: string[];
  /**
   * The cases of the file to run, when the change's words point at some of its cases and not
   * the others and the runner can run them alone (absent: the whole file).
   */
  cases?: SelectedCase[];
}

/** A case chosen inside a test file. */
export interface SelectedCase {
  /** Its titles joined (`Help > sorts options`, `TestLexer > test_empty`, `regression > r16`). */
  name: string;
  titles: string[];
  line: number;
  endLine: number;
}

export interface SelectionInput {
  impact: ChangeImpactReport;
  files: readonly TreeFile[];
  contracts: ContractSet;
  /** Crates, the modules Rust files declare and test files' text (see `gatherSelectionFacts`); without them Rust and Go commands are coarser. */
  facts?: SelectionFacts;
  /** The most of the suite the regression level fills (certain tests first; 1: every test that reaches the change). @default REGRESSION_SHARE (select-rank.ts) */
  share?: number;
  /** The packages the scan declares (name and folder): which package a changed source is in. */
  packages?: readonly NamedPackage[];
  /** The graph's external import edges: the files that import a changed package by its name. */
  externalImports?: readonly ExternalImport[];
}
