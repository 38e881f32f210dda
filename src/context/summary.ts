/** `summarizeRepository()`: the facts AGENTS.md and summary.md are written from. */
import type { IndexedFile } from '../index/types.js';
import { COMMAND_NAMES, type ProjectCommand, type ProjectFacts } from '../scan/project.js';
import type { FileKind, ScannedFile } from '../scan/types.js';
import type { CentralModule } from './central.js';
import type { Convention } from './conventions.js';
import type { Description } from './description.js';
import type { Entrypoint } from './entrypoints.js';
import type { ShardTally } from './tallies.js';

export interface LanguageShare {
  language: string;
  files: number;
  lines: number;
}

export interface LayoutEntry {
  /** Folder (posix, trailing slash) or a root file. */
  path: string;
  files: number;
  /** What it holds, in a few words. */
  description: string;
}

export interface RepositorySummary {
  name: string;
  description: string;
  languages: LanguageShare[];
  layout: LayoutEntry[];
  commands: ProjectCommand[];
  entrypoints: Entrypoint[];
  centralModules: CentralModule[];
  conventions: Convention[];
  counts: {
    files: number;
    indexed: number;
    source: number;
    /** Examples, playgrounds, demos, templates: indexed, not the project's source. */
    example: number;
    /** Test data and fixtures: inputs tests read. */
    fixture: number;
    test: number;
    skipped: number;
    notIndexed: number;
  };
  /** Files listed but not indexed, with why (binary, too large, minified, unreadable...). */
  skipped: Array<{ path: string; reason: string; detail?: string }>;
}

export interface SummaryInput {
  rootName: string;
  scanned: ScannedFile[];
  /** The index's counts, summed over its shards. */
  tally: Pick<ShardTally, 'indexed' | 'kinds' | 'languages'>;
  /** `layoutOf()` of the listing (compose takes it with its other listing passes). */
  layout: LayoutEntry[];
  project: ProjectFacts;
  description: Description;
  entrypoints: Entrypoint[];
  central: CentralModule[];
  conventions: Convention[];
}

const FOLDER_MEANINGS: Record<string, string> = {
  src: 'source code',
  lib: 'library code',
  app: 'application code',
  apps: 'applications (workspace)',
  packages: 'packages (workspace)',
  pkg: 'Go packages',
  internal: 'internal packages',
  cmd: 'command entrypoints',
  bin: 'executables',
  test: 'tests',
  tests: 'tests',
  spec: 'tests',
  __tests__: 'tests',
  docs: 'documentation',
  doc: 'documentation',
  scripts: 'scripts and tooling',
  tools: 'tooling',
  examples: 'examples',
  example: 'examples',
  benchmarks: 'benchmarks',
  bench: 'benchmarks',
  config: 'configuration',
  public: 'static assets',
  static: 'static assets',
  assets: 'assets',
  fixtures: 'test fixtures',
  migrations: 'database migrations',
  '.github': 'GitHub workflows and templates',
  '.ci': 'CI scripts',
  types: 'type declarations',
  schema: 'schemas',
  components: 'UI components',
  pages: 'pages (file routes)',
  api: 'API handlers',
};

/** The meanings above that say what kind of file the folder holds. */
const KIND_PROMISED: Record<string, FileKind> = {
  documentation: 'doc',
  tests: 'test',
  examples: 'example',
  'test fixtures': 'fixture',
};

export function summarizeRepository(input: SummaryInput): RepositorySummary {
  // The agents file is our own output: counting it would make the first build differ from the next.
  const scanned = input.scanned.filter((file) => file.skipped !== 'managed-output');
  const skipped = scanned.filter((file) => file.skipped);
  return {
    name: input.project.name ?? input.rootName,
    description: input.description.text,
    languages: languageShares(input.tally.languages),
    layout: input.layout,
    commands: sortCommands(input.project.commands),
    entrypoints: input.entrypoints,
    centralModules: input.central,
    conventions: input.conventions,
    counts: {
      files: scanned.length,
      indexed: input.tally.indexed,
      source: input.tally.kinds.source,
      test: input.tally.kinds.test,
      example: input.tally.kinds.example,
      fixture: input.tally.kinds.fixture,
      skipped: skipped.length,
      notIndexed: scanned.length - skipped.length - input.tally.indexed,
    },
    skipped: skipped.map((file) => ({
      path: file.path,
      reason: file.skipped!,
      ...(file.skipDetail ? { detail: file.skipDetail } : {}),
    })),
  };
}

function languageShares(languages: ShardTally['languages']): LanguageShare[] {
  return Object.entries(languages)
    .map(([language, share]) => ({ language, files: share.files, lines: share.lines }))
    .sort((a, b) => b.lines - a.lines || (a.language < b.language ? -1 : 1));
}

/**
 * Files whose written summary may describe a layout folder: a README or an index-like module
 * directly inside a top-level folder or one of its subfolders (`describeFolder` reads these).
 */
export function describesFolder(path: string): boolean {
  const depth = segmentCount(path);
  if (depth !== 2 && depth !== 3) return false;
  return path.endsWith('/README.md') || FOLDER_INDEX.test(path);
}

const FOLDER_INDEX = /\/(index|mod|__init__|lib|main)\.[a-z]+$/;

function segmentCount(path: string): number {
  let count = 1;
  for (let at = path.indexOf('/'); at !== -1; at = path.indexOf('/', at + 1)) count++;
  return count;
}

/** The layout's entries: top-level folders (and those of `src/`, `packages/`...), each described. */
export function layoutOf(
  scanned: readonly ScannedFile[],
  rootFiles: readonly IndexedFile[],
  folderSummaries: Record<string, string>,
): LayoutEntry[] {
  const byFolder = new Map<string, ScannedFile[]>();
  for (const file of scanned) {
    const slash = file.path.indexOf('/');
    if (slash === -1) continue;
    const folder = file.path.slice(0, slash);
    const list = byFolder.get(folder);
    if (list) list.push(file);
    else byFolder.set(folder, [file]);
  }
  // Summaries derived from facts (`Exports x (function).`) say too little to describe a folder:
  // the tallies keep only written ones.
  const summaries = new Map(Object.entries(folderSummaries));
  const entries: LayoutEntry[] = rootGoPackage(scanned, rootFiles);
  for (const [folder, members] of [...byFolder.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    entries.push({
      path: `${folder}/`,
      files: members.length,
      description: describeFolder(folder, members, summaries),
    });
    if (['src', 'packages', 'apps', 'lib', 'internal', 'pkg'].includes(folder))
      entries.push(...subfolders(folder, members, summaries));
  }
  return entries;
}

/**
 * A Go module's root package (gin's `package gin`: the library itself) is a folder of its own in
 * the layout, described by its package comment, not left out because its files sit at the top.
 */
function rootGoPackage(scanned: readonly ScannedFile[], files: readonly IndexedFile[]): LayoutEntry[] {
  const members = scanned.filter((file) => file.language === 'go' && !file.path.includes('/'));
  const sources = files.filter((file) =>
    members.some((member) => member.path === file.path && member.kind === 'source'),
  );
  const name = sources.flatMap((file) => file.symbols).find((symbol) => symbol.kind === 'module')?.name;
  if (!name) return [];
  const doc = sources.find((file) => file.summary.text.startsWith(`Package ${name} `))?.summary.text;
  return [
    { path: './', files: members.length, description: `${doc ?? `package ${name}`} (${kindMix(members)})` },
  ];
}

function subfolders(folder: string, members: ScannedFile[], summaries: Map<string, string>): LayoutEntry[] {
  const byChild = new Map<string, ScannedFile[]>();
  for (const file of members) {
    // Members all start with `folder/`: look for the next slash after it, without cutting strings.
    const slash = file.path.indexOf('/', folder.length + 1);
    if (slash === -1) continue;
    const child = file.path.slice(0, slash);
    const list = byChild.get(child);
    if (list) list.push(file);
    else byChild.set(child, [file]);
  }
  if (byChild.size > 24) return [];
  return [...byChild.entries()]
    .sort((a, b) => (a[0] < b[0] ? -1 : 1))
    .map(([child, list]) => ({
      path: `${child}/`,
      files: list.length,
      description: describeFolder(child, list, summaries),
    }));
}

function describeFolder(folder: string, members: ScannedFile[], summaries: Map<string, string>): string {
  const name = folder.slice(folder.lastIndexOf('/') + 1);
  const readme = members.find((file) => file.path === `${folder}/README.md`);
  // Directly inside the folder (members all start with `folder/`): the cheap test first, 10k files in `src/`.
  const index = members.find(
    (file) => file.path.indexOf('/', folder.length + 1) === -1 && FOLDER_INDEX.test(file.path),
  );
  const described = (readme && summaries.get(readme.path)) || (index && summaries.get(index.path));
  // `pkg/` holds Go packages in Go projects; elsewhere (ripgrep's packaging files) it is just a name.
  let meaning =
    name === 'pkg' && !members.some((file) => file.language === 'go') ? undefined : FOLDER_MEANINGS[name];
  // A name that promises a kind of file is only a name when none is there: cobra's `doc/` is a Go
  // package that writes documentation, its files source and tests.
  const promised = meaning && KIND_PROMISED[meaning];
  if (promised && !members.some((file) => file.kind === promised)) meaning = undefined;
  const kinds = kindMix(members);
  if (described) return described;
  return meaning ? `${meaning}${kinds ? ` (${kinds})` : ''}` : kinds;
}

function kindMix(members: ScannedFile[]): string {
  const counts = new Map<string, number>();
  for (const file of members) counts.set(file.kind, (counts.get(file.kind) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, 3)
    .map(([kind, count]) => `${count} ${kind}`)
    .join(', ');
}

function sortCommands(commands: ProjectCommand[]): ProjectCommand[] {
  return [...commands].sort((a, b) => COMMAND_NAMES.indexOf(a.name) - COMMAND_NAMES.indexOf(b.name));
}
