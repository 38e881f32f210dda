/**
 * Compose's passes over the whole file listing whose results depend only on each scanned file's
 * path, kind, language and skip reason (plus a few small inputs named in a key): the generated
 * globs, the fixture folders, the root configuration, the layout and the conventions the
 * listing shows (tests' naming and placement, tooling files). A long-lived process keeps
 * them with the listing's shape; after an edit that moved no file in or out and changed no kind,
 * one comparison of the shape replaces the passes (10k files: the regexes and groupings of every
 * path). Any difference in the shape or the key and they run again, so the bytes never differ.
 */

import type { IndexedFile } from '../index/types.js';
import { fixtureFolderOf, isManifest } from '../scan/file-kinds.js';
import { type GeneratedFile, generatedFiles, generatedGlobs } from '../scan/generated.js';
import type { ScannedFile } from '../scan/types.js';
import { type ListingConventions, listingConventions } from './conventions.js';
import { type LayoutEntry, layoutOf } from './summary.js';

export interface ListingPasses {
  generated: Array<{ glob: string; evidence: string }>;
  /** The folders of fixtures and test data (`tests/data/`, `testdata/`, `__fixtures__/`). */
  fixtures: string[];
  /** Configuration files at the root, the first few: what an agent should know exists. */
  configuration: string[];
  layout: LayoutEntry[];
  conventions: ListingConventions;
}

export interface ListingInput {
  files: readonly ScannedFile[];
  commandOutputs: readonly GeneratedFile[];
  /** `scan.generated` of the config as a matcher, and a string that changes when it does. */
  configured: (path: string) => boolean;
  configuredKey: string;
  /** Indexed files at the root (a Go module's root package is described by them). */
  rootFiles: readonly IndexedFile[];
  /** `ShardTally.folderSummaries`, summed. */
  folderSummaries: Record<string, string>;
}

/** What the passes read of the listing, one array per field, in listing order. */
interface ListingShape {
  paths: string[];
  kinds: string[];
  languages: string[];
  skipped: Array<string | undefined>;
}

export interface KeptListing {
  shape: ListingShape;
  key: string;
  passes: ListingPasses;
}

export function listingPasses(input: ListingInput, kept: KeptListing | undefined): KeptListing {
  const key = keyOf(input);
  if (kept && kept.key === key && sameShape(kept.shape, input.files)) return kept;
  return { shape: shapeOf(input.files), key, passes: runPasses(input) };
}

function runPasses(input: ListingInput): ListingPasses {
  // The agents file is our own output: counting it would make the first build differ from the next.
  const listed = input.files.filter((file) => file.skipped !== 'managed-output');
  return {
    generated: generatedGlobs(
      generatedFiles(input.files, input.commandOutputs, input.configured),
      input.files,
    ),
    fixtures: fixtureFolders(listed),
    configuration: rootConfiguration(input.files),
    layout: layoutOf(listed, input.rootFiles, input.folderSummaries),
    conventions: listingConventions(input.files),
  };
}

/** The inputs besides the listing's shape: small, so compared as one string. */
function keyOf(input: ListingInput): string {
  const rootGo = input.rootFiles
    .filter((file) => file.language === 'go')
    .map((file) => [
      file.path,
      file.kind,
      file.summary.text,
      file.symbols.filter((symbol) => symbol.kind === 'module').map((symbol) => symbol.name),
    ]);
  return JSON.stringify([input.configuredKey, input.commandOutputs, input.folderSummaries, rootGo]);
}

function shapeOf(files: readonly ScannedFile[]): ListingShape {
  const shape: ListingShape = { paths: [], kinds: [], languages: [], skipped: [] };
  for (const file of files) {
    shape.paths.push(file.path);
    shape.kinds.push(file.kind);
    shape.languages.push(file.language);
    shape.skipped.push(file.skipped);
  }
  return shape;
}

function sameShape(shape: ListingShape, files: readonly ScannedFile[]): boolean {
  if (shape.paths.length !== files.length) return false;
  for (let index = 0; index < files.length; index++) {
    const file = files[index]!;
    if (
      shape.paths[index] !== file.path ||
      shape.kinds[index] !== file.kind ||
      shape.languages[index] !== file.language ||
      shape.skipped[index] !== file.skipped
    )
      return false;
  }
  return true;
}

function fixtureFolders(files: readonly ScannedFile[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    const folder = fixtureFolderOf(file.path);
    if (folder) folders.add(folder);
  }
  return [...folders].sort();
}

function rootConfiguration(files: readonly ScannedFile[]): string[] {
  const atRoot = files.filter((file) => file.kind === 'config' && !file.path.includes('/'));
  // Manifests first: they say what the project is; dotfiles come after.
  const ordered = [
    ...atRoot.filter((file) => isManifest(file.path)),
    ...atRoot.filter((file) => !isManifest(file.path)),
  ];
  return ordered.slice(0, 5).map((file) => file.path);
}
