/** Types for `generate.mjs` (plain ESM so `npm run bench` needs no compile step). */

export declare const MIN_FILES: number;

export interface ExpectedFacts {
  /** Import edges between files of the tree that a correct resolver finds (one per import statement). */
  internalEdges: number;
  typeOnlyImports: number;
  dynamicImports: number;
  requires: number;
  aliasImports: number;
  /** Pairs of files that import each other. */
  cycles: Array<[string, string]>;
  features: number;
  modules: number;
  tests: number;
}

export interface SynthesizedRepository {
  /** posix path -> text, sorted by path. */
  files: Map<string, string>;
  expected: ExpectedFacts;
}

export interface GeneratedRepository {
  root: string;
  files: number;
  bytes: number;
  expected: ExpectedFacts;
  /** Services modules: mid-graph files to edit. */
  editable: string[];
}

export interface Random {
  next(): number;
  int(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(list: readonly T[]): T;
  sample<T>(list: readonly T[], count: number): T[];
}

export declare function createRandom(seed: number): Random;
export declare function synthesizeRepository(options: {
  files: number;
  seed?: number;
}): SynthesizedRepository;
export declare function midGraphFiles(files: Map<string, string>): string[];
export declare function generateRepository(options: {
  files: number;
  seed?: number;
  directory?: string;
}): GeneratedRepository;
export declare function commitTree(root: string): void;
