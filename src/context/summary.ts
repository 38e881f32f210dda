/** `summarizeRepository()`: the facts AGENTS.md and summary.md are written from. */
import type { IndexedFile } from '../index/types.js';
import type { CommandName, ProjectCommand, ProjectFacts } from '../scan/project.js';
import type { ScannedFile } from '../scan/types.js';
import type { Convention } from './conventions.js';
import type { Entrypoint } from './entrypoints.js';
import type { FileRank } from './rank.js';

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

export interface CentralModule {
  path: string;
  score: number;
  summary: string;
  importedBy: number;
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
  whereToLook: string[];
  counts: { files: number; indexed: number; source: number; test: number; skipped: number };
}

export interface SummaryInput {
  rootName: string;
  scanned: ScannedFile[];
  files: IndexedFile[];
  project: ProjectFacts;
  ranking: FileRank[];
  entrypoints: Entrypoint[];
  conventions: Convention[];
  readme?: string;
  centralModules: number;
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

export function summarizeRepository(input: SummaryInput): RepositorySummary {
  // The agents file is our own output: counting it would make the first build differ from the next.
  const scanned = input.scanned.filter((file) => file.skipped !== 'managed-output');
  const source = input.files.filter((file) => file.kind === 'source');
  const byPath = new Map(input.files.map((file) => [file.path, file]));
  const centralModules = input.ranking
    .filter((rank) => byPath.get(rank.path)?.kind === 'source')
    .slice(0, input.centralModules)
    .map((rank) => ({
      path: rank.path,
      score: rank.score,
      importedBy: rank.importedBy,
      summary: byPath.get(rank.path)?.summary.text ?? '',
    }));
  return {
    name: input.project.name ?? input.rootName,
    description: input.project.description ?? readmeDescription(input.readme) ?? '',
    languages: languageShares(input.files),
    layout: layoutOf(scanned, input.files),
    commands: sortCommands(input.project.commands),
    entrypoints: input.entrypoints,
    centralModules,
    conventions: input.conventions,
    whereToLook: whereToLook(input, centralModules),
    counts: {
      files: scanned.length,
      indexed: input.files.length,
      source: source.length,
      test: input.files.filter((file) => file.kind === 'test').length,
      skipped: scanned.filter((file) => file.skipped).length,
    },
  };
}

function readmeDescription(readme: string | undefined): string | undefined {
  if (!readme) return undefined;
  let inFence = false;
  for (const raw of readme.split('\n', 60)) {
    const line = raw.trim();
    if (line.startsWith('```')) inFence = !inFence;
    if (
      inFence ||
      !line ||
      line.startsWith('#') ||
      line.startsWith('<') ||
      line.startsWith('[!') ||
      line.startsWith('![') ||
      line.startsWith('[![') ||
      line.startsWith('|') ||
      line.startsWith('-') ||
      line.startsWith('>')
    )
      continue;
    const clean = line.replace(/\[([^\]]+)\]\([^)]*\)/g, '$1').replace(/[*_`]/g, '');
    if (clean.length >= 20) return clean.length > 240 ? `${clean.slice(0, 239)}…` : clean;
  }
  return undefined;
}

function languageShares(files: IndexedFile[]): LanguageShare[] {
  const shares = new Map<string, LanguageShare>();
  for (const file of files) {
    if (file.kind !== 'source' && file.kind !== 'test') continue;
    const share = shares.get(file.language) ?? { language: file.language, files: 0, lines: 0 };
    share.files++;
    share.lines += file.lines;
    shares.set(file.language, share);
  }
  return [...shares.values()].sort((a, b) => b.lines - a.lines || (a.language < b.language ? -1 : 1));
}

function layoutOf(scanned: ScannedFile[], files: IndexedFile[]): LayoutEntry[] {
  const byFolder = new Map<string, ScannedFile[]>();
  for (const file of scanned) {
    const slash = file.path.indexOf('/');
    if (slash === -1) continue;
    const folder = file.path.slice(0, slash);
    const list = byFolder.get(folder) ?? [];
    list.push(file);
    byFolder.set(folder, list);
  }
  // Summaries derived from facts (`Exports x (function).`) say too little to describe a folder.
  const summaries = new Map(
    files.filter((file) => file.summary.source !== 'derived').map((file) => [file.path, file.summary.text]),
  );
  const entries: LayoutEntry[] = [];
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

function subfolders(folder: string, members: ScannedFile[], summaries: Map<string, string>): LayoutEntry[] {
  const byChild = new Map<string, ScannedFile[]>();
  for (const file of members) {
    const rest = file.path.slice(folder.length + 1);
    const slash = rest.indexOf('/');
    if (slash === -1) continue;
    const child = `${folder}/${rest.slice(0, slash)}`;
    const list = byChild.get(child) ?? [];
    list.push(file);
    byChild.set(child, list);
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
  const index = members.find(
    (file) =>
      /\/(index|mod|__init__|lib|main)\.[a-z]+$/.test(file.path) &&
      file.path.split('/').length === folder.split('/').length + 1,
  );
  const described = (readme && summaries.get(readme.path)) || (index && summaries.get(index.path));
  // `pkg/` holds Go packages in Go projects; elsewhere (ripgrep's packaging files) it is just a name.
  const meaning =
    name === 'pkg' && !members.some((file) => file.language === 'go') ? undefined : FOLDER_MEANINGS[name];
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

const COMMAND_ORDER: CommandName[] = [
  'install',
  'build',
  'test',
  'lint',
  'typecheck',
  'format',
  'dev',
  'start',
];

function sortCommands(commands: ProjectCommand[]): ProjectCommand[] {
  return [...commands].sort((a, b) => COMMAND_ORDER.indexOf(a.name) - COMMAND_ORDER.indexOf(b.name));
}

function whereToLook(input: SummaryInput, central: CentralModule[]): string[] {
  const hints: string[] = [];
  const entries = input.entrypoints.slice(0, 3);
  if (entries.length > 0) {
    hints.push(
      `Execution starts at ${entries.map((entry) => `\`${entry.path}\` (${entry.reasons[0]})`).join(', ')}.`,
    );
  }
  const core = central.filter((module) => !entries.some((entry) => entry.path === module.path)).slice(0, 3);
  if (core.length > 0) {
    hints.push(
      `The most depended-on modules are ${core.map((module) => `\`${module.path}\` (imported by ${module.importedBy})`).join(', ')}: read them before changing shared behaviour.`,
    );
  }
  const testCommand = input.project.commands.find((command) => command.name === 'test');
  const testFolder = input.conventions.find((convention) => convention.id === 'test-placement');
  if (testCommand || testFolder) {
    hints.push(
      `Prove changes with ${testCommand ? `\`${testCommand.command}\`` : 'the tests'}${testFolder ? `; ${testFolder.text.charAt(0).toLowerCase()}${testFolder.text.slice(1, -1)}` : ''}.`,
    );
  }
  const config = input.scanned
    .filter((file) => file.kind === 'config' && !file.path.includes('/'))
    .slice(0, 5);
  if (config.length > 0)
    hints.push(`Project configuration: ${config.map((file) => `\`${file.path}\``).join(', ')}.`);
  return hints;
}
