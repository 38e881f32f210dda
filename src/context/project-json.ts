/**
 * `composeProjectJson()`: the facts AGENTS.md states, as data (`.agent-context/project.json`).
 * Pure: every input is already read. AGENTS.md and summary.md are rendered from its result, so
 * the block an agent reads and the file a tool reads cannot disagree.
 */
import type { TestRunnerEntry } from '../contracts/schema.js';
import type { ProjectFacts } from '../scan/project.js';
import type { ScannedFile } from '../scan/types.js';
import type { CentralModule } from './central.js';
import type { Convention } from './conventions.js';
import type { Description } from './description.js';
import type { Entrypoint } from './entrypoints.js';
import type { ModuleStyleFinding } from './module-style.js';
import type { ProjectJson } from './project-schema.js';
import { PROJECT_SCHEMA_VERSION } from './project-version.js';
import type { LanguageShare, LayoutEntry } from './summary.js';

export interface ProjectJsonInput {
  name: string;
  description: Description;
  scanned: readonly ScannedFile[];
  /** Indexed files. */
  indexed: number;
  moduleStyle: ModuleStyleFinding;
  project: ProjectFacts;
  entrypoints: readonly Entrypoint[];
  central: readonly CentralModule[];
  runners: readonly TestRunnerEntry[];
  /** Generated files as globs, with their evidence (`generatedGlobs()`). */
  generated: ReadonlyArray<{ glob: string; evidence: string }>;
  /** Folders of fixtures and test data. */
  fixtures: readonly string[];
  languages: readonly LanguageShare[];
  layout: readonly LayoutEntry[];
  conventions: readonly Convention[];
  /** Root configuration files an agent should know about. */
  configuration: readonly string[];
}

export function composeProjectJson(input: ProjectJsonInput): ProjectJson {
  const jsOrTs = input.languages.some(
    (share) => share.language === 'javascript' || share.language === 'typescript',
  );
  const style = input.moduleStyle;
  const listed = input.scanned.filter((file) => file.skipped !== 'managed-output');
  const skipped = listed.filter((file) => file.skipped);
  return {
    schemaVersion: PROJECT_SCHEMA_VERSION,
    name: input.name,
    description: input.description.text,
    descriptionSource: input.description.source,
    languages: input.languages.map((share) => ({ name: share.language, files: share.files })),
    moduleStyle: jsOrTs ? style.style : null,
    moduleStyleEvidence: jsOrTs ? style.evidence : 'no JavaScript or TypeScript sources',
    packages: packagesOf(input),
    entrypoints: input.entrypoints.map((entry) => ({
      path: entry.path,
      kind: entry.declared ? ('declared' as const) : ('convention' as const),
      why: entry.reasons.join('; '),
    })),
    central: input.central.map(({ path, importedBy, why, summary }) => ({ path, importedBy, why, summary })),
    ...commandsOf(input.project),
    testRunners: input.runners.map((runner) => ({
      name: runner.runner,
      command: runner.fullCommand ?? runner.command,
      include: [...runner.include],
    })),
    ...generatedOf(input),
    fixtures: [...input.fixtures],
    skipped: skipped.map((file) => ({
      path: file.path,
      reason: file.skipped as ProjectJson['skipped'][number]['reason'],
      ...(file.skipDetail ? { detail: file.skipDetail } : {}),
    })),
    counts: {
      listed: listed.length,
      indexed: input.indexed,
      skipped: skipped.length,
      notIndexed: listed.length - skipped.length - input.indexed,
    },
    layout: input.layout.map(({ path, files, description }) => ({ path, files, description })),
    conventions: input.conventions.map(({ id, text, evidence }) => ({ id, text, evidence })),
    configuration: [...input.configuration],
  };
}

function packagesOf(input: ProjectJsonInput): ProjectJson['packages'] {
  // Each entry point's owner once, not once per package (babel: 300 packages, 9% of a cold build).
  const owned = input.entrypoints.map((point) => ({
    path: point.path,
    owner: ownerOf(point.path, input.project),
  }));
  return input.project.packages.map((entry) => ({
    name: entry.name,
    path: entry.path,
    language: entry.language,
    entrypoints: owned.filter((point) => point.owner === entry.path).map((point) => point.path),
  }));
}

/** The deepest package folder holding a path. */
function ownerOf(path: string, project: ProjectFacts): string {
  const owners = project.packages
    .map((entry) => entry.path)
    .filter((folder) => folder === '.' || path.startsWith(`${folder}/`))
    .sort((a, b) => b.length - a.length);
  return owners[0] ?? '.';
}

function commandsOf(project: ProjectFacts): Pick<ProjectJson, 'commands' | 'commandSources'> {
  const commands: ProjectJson['commands'] = { test: null };
  const commandSources: Record<string, string> = {};
  for (const entry of project.commands) {
    commands[entry.name] = entry.command;
    commandSources[entry.name] = entry.source;
  }
  return { commands, commandSources };
}

function generatedOf(input: ProjectJsonInput): Pick<ProjectJson, 'generated' | 'generatedEvidence'> {
  return {
    generated: input.generated.map((entry) => entry.glob),
    generatedEvidence: Object.fromEntries(input.generated.map((entry) => [entry.glob, entry.evidence])),
  };
}
