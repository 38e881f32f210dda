/**
 * `assessFreshness()`: can AGENTS.md and `.agent-context/` still be trusted? A verdict per
 * component with the files behind it, and the one command that fixes it. Fast path: the stat
 * cache of the last scan, so only files whose stat changed are read and hashed.
 */
import type { LoadedConfig } from '../config/load.js';
import { changedExtractors } from '../index/languages/versions.js';
import { listRepositoryFiles, scanRepository } from '../scan/scan.js';
import { type EventBus, silentBus } from '../shared/events.js';
import { hashEntries } from '../shared/hash.js';
import { layout } from '../shared/layout.js';
import { toolVersion } from '../shared/version.js';
import { hashLessons } from './lesson-hash.js';
import { type ContextManifest, MANIFEST_SCHEMA_VERSION, readManifest } from './manifest.js';
import { componentOfOutput } from './shards.js';
import { currentOutputHash, readStatCache, type StatCacheFile, statCacheKey } from './stat-cache.js';
import { hashContextDirectory, isTaskPackFile } from './writers/package.js';

export type Verdict = 'fresh' | 'stale' | 'missing' | 'inconsistent';

export type ComponentName =
  | 'source'
  | 'config'
  | 'tool'
  | 'index'
  | 'graph'
  | 'contracts'
  | 'taskPacks'
  | 'memory'
  | 'outputs';

export interface ComponentFreshness {
  component: ComponentName;
  verdict: Verdict;
  /** Why, in one sentence. */
  reason: string;
  /** The files behind the verdict (capped; `more` counts the rest). */
  files?: string[];
  more?: number;
}

export interface SourceChanges {
  added: string[];
  removed: string[];
  modified: string[];
}

export interface FreshnessReport {
  root: string;
  verdict: Verdict;
  components: ComponentFreshness[];
  changes: SourceChanges;
  /** The command that makes the context fresh again; absent when fresh. */
  command?: string;
  /** How many files had to be read and hashed to answer (the rest matched the stat cache). */
  hashedFiles: number;
}

const FILE_LIST_LIMIT = 50;

export async function assessFreshness(
  root: string,
  config: LoadedConfig,
  bus: EventBus = silentBus(),
): Promise<FreshnessReport> {
  // git lists the files while this process parses the manifest and the stat cache.
  const listing = listRepositoryFiles(root);
  listing.catch(() => undefined);
  let manifest: ContextManifest | undefined;
  try {
    manifest = await readManifest(root);
  } catch (error) {
    if ((error as { code?: string }).code === 'STATE_VERSION') throw error;
    return unreadableReport(root, error as Error);
  }
  if (manifest && manifest.schemaVersion < MANIFEST_SCHEMA_VERSION) {
    bus.log(
      'info',
      `manifest schemaVersion ${manifest.schemaVersion} is older than ${MANIFEST_SCHEMA_VERSION}: it needs a rebuild`,
    );
    manifest = undefined;
  }
  if (!manifest) return missingReport(root);
  const statCache = await readStatCache(root, statCacheKey(config));
  const { scan, hashed } = await scanRepository(root, {
    config: config.config,
    listing,
    ...(statCache ? { statCache: statCache.entries, statCacheWrittenAt: statCache.writtenAt } : {}),
  });
  const current = new Map(scan.files.filter((file) => file.hash).map((file) => [file.path, file.hash!]));
  const changes = sourceChanges(manifest, current);
  const components: ComponentFreshness[] = [
    sourceComponent(changes),
    configComponent(manifest, config),
    toolComponent(manifest),
    ...(await outputComponents(root, manifest, config, changes, statCache)),
    await directoryComponent(root, manifest, 'contracts', layout.contracts),
    await directoryComponent(root, manifest, 'taskPacks', layout.runs, isTaskPackFile),
    await lessonsComponent(root, manifest),
  ];
  const verdict = overall(components);
  const report: FreshnessReport = {
    root,
    verdict,
    components,
    changes: capChanges(changes),
    hashedFiles: hashed,
  };
  if (verdict !== 'fresh') report.command = commandFor(components);
  return report;
}

/** A manifest that exists but cannot be read is `inconsistent` (a newer schema stays an error). */
function unreadableReport(root: string, error: Error): FreshnessReport {
  return {
    root,
    verdict: 'inconsistent',
    components: [
      {
        component: 'outputs',
        verdict: 'inconsistent',
        reason: `${layout.manifest} cannot be read: ${error.message}`,
        files: [layout.manifest],
      },
    ],
    changes: { added: [], removed: [], modified: [] },
    command: 'opencode-plusplus build',
    hashedFiles: 0,
  };
}

function missingReport(root: string): FreshnessReport {
  return {
    root,
    verdict: 'missing',
    components: [{ component: 'outputs', verdict: 'missing', reason: 'no context has been built here' }],
    changes: { added: [], removed: [], modified: [] },
    command: 'opencode-plusplus build',
    hashedFiles: 0,
  };
}

export function sourceChanges(manifest: ContextManifest, current: Map<string, string>): SourceChanges {
  const changes: SourceChanges = { added: [], removed: [], modified: [] };
  for (const [path, hash] of current) {
    const before = manifest.sources[path];
    if (before === undefined) changes.added.push(path);
    else if (before !== hash) changes.modified.push(path);
  }
  for (const path of Object.keys(manifest.sources)) if (!current.has(path)) changes.removed.push(path);
  for (const list of Object.values(changes)) list.sort();
  return changes;
}

function sourceComponent(changes: SourceChanges): ComponentFreshness {
  const files = [...changes.modified, ...changes.added, ...changes.removed];
  if (files.length === 0)
    return { component: 'source', verdict: 'fresh', reason: 'no file changed since the last build' };
  return {
    component: 'source',
    verdict: 'stale',
    reason: `${changes.modified.length} modified, ${changes.added.length} added, ${changes.removed.length} removed since the last build`,
    ...cap(files),
  };
}

function configComponent(manifest: ContextManifest, config: LoadedConfig): ComponentFreshness {
  if (manifest.config.hash === config.hash)
    return { component: 'config', verdict: 'fresh', reason: 'config unchanged' };
  const file = config.file ?? manifest.config.file;
  return {
    component: 'config',
    verdict: 'stale',
    reason: 'the config file changed since the last build',
    ...(file ? { files: [file] } : {}),
  };
}

function toolComponent(manifest: ContextManifest): ComponentFreshness {
  const extractors = changedExtractors(manifest.extractors);
  if (manifest.tool.version === toolVersion() && extractors.length === 0)
    return { component: 'tool', verdict: 'fresh', reason: `built by this version (${toolVersion()})` };
  if (manifest.tool.version === toolVersion())
    return {
      component: 'tool',
      verdict: 'stale',
      reason: `built with other extractors (${extractors.join(', ')}): extraction may differ`,
    };
  return {
    component: 'tool',
    verdict: 'stale',
    reason: `built by ${manifest.tool.version}, this is ${toolVersion()}: extraction may differ`,
  };
}

/** index, graph and the other generated files: present and byte for byte what the last build wrote? */
async function outputComponents(
  root: string,
  manifest: ContextManifest,
  config: LoadedConfig,
  changes: SourceChanges,
  statCache: StatCacheFile | undefined,
): Promise<ComponentFreshness[]> {
  const missing: string[] = [];
  const edited: string[] = [];
  const verb = (paths: string[], one: string, many: string) => (paths.length === 1 ? one : many);
  for (const [path, hash] of Object.entries(manifest.outputs).sort()) {
    const actual = await currentOutputHash(root, path, statCache, config.config.context.agentsFile);
    if (actual === undefined) missing.push(path);
    else if (actual !== hash) edited.push(path);
  }
  const sourcesChanged = changes.added.length + changes.removed.length + changes.modified.length > 0;
  const derived = (component: 'index' | 'graph'): ComponentFreshness => {
    const gone = missing.filter((path) => componentOfOutput(path) === component);
    const changed = edited.filter((path) => componentOfOutput(path) === component);
    if (gone.length > 0)
      return {
        component,
        verdict: 'missing',
        reason: `${subject(gone)} ${verb(gone, 'is', 'are')} missing`,
        files: gone,
      };
    if (changed.length > 0)
      return {
        component,
        verdict: 'inconsistent',
        reason: `${subject(changed)} ${verb(changed, 'differs', 'differ')} from what the last build wrote`,
        files: changed,
      };
    if (sourcesChanged) return { component, verdict: 'stale', reason: 'sources changed since it was built' };
    return { component, verdict: 'fresh', reason: 'matches the sources' };
  };
  const others = [...missing, ...edited].filter((path) => componentOfOutput(path) === undefined);
  const outputs: ComponentFreshness =
    others.length > 0
      ? {
          component: 'outputs',
          verdict: missing.some((path) => others.includes(path)) ? 'missing' : 'inconsistent',
          reason: `${others.length} generated file(s) missing or edited by hand`,
          files: others,
        }
      : sourcesChanged
        ? { component: 'outputs', verdict: 'stale', reason: 'generated from sources that changed since' }
        : {
            component: 'outputs',
            verdict: 'fresh',
            reason: 'every generated file is as the last build wrote it',
          };
  return [derived('index'), derived('graph'), outputs];
}

/** One output by name; several as a count with the first few. */
function subject(paths: string[]): string {
  if (paths.length === 1) return paths[0]!;
  const more = paths.length > 3 ? ', ...' : '';
  return `${paths.length} files (${paths.slice(0, 3).join(', ')}${more})`;
}

async function directoryComponent(
  root: string,
  manifest: ContextManifest,
  component: 'contracts' | 'taskPacks',
  folder: string,
  include?: (relative: string) => boolean,
): Promise<ComponentFreshness> {
  const now = await hashContextDirectory(root, folder, include);
  const then = manifest.hashes[component] ?? 'none';
  if (now === then)
    return { component, verdict: 'fresh', reason: now === 'none' ? `no ${folder}/` : `${folder}/ unchanged` };
  return { component, verdict: 'stale', reason: `${folder}/ changed since the last build`, files: [folder] };
}

async function lessonsComponent(root: string, manifest: ContextManifest): Promise<ComponentFreshness> {
  const now = await hashLessons(root);
  const then = manifest.hashes.memory ?? 'none';
  if (now === then)
    return {
      component: 'memory',
      verdict: 'fresh',
      reason: now === 'none' ? 'no lessons' : 'lessons unchanged',
    };
  return {
    component: 'memory',
    verdict: 'stale',
    reason: 'lessons were added, edited or forgotten since the last build',
    files: [`${layout.memory}/MEMORY.md`],
  };
}

const SEVERITY: Record<Verdict, number> = { fresh: 0, stale: 1, inconsistent: 2, missing: 3 };

function overall(components: ComponentFreshness[]): Verdict {
  return components.reduce<Verdict>(
    (worst, entry) => (SEVERITY[entry.verdict] > SEVERITY[worst] ? entry.verdict : worst),
    'fresh',
  );
}

/** `update` fixes every verdict but a missing build: it re-parses what changed and rewrites what differs. */
function commandFor(_components: ComponentFreshness[]): string {
  return 'opencode-plusplus update';
}

function cap(files: string[]): { files: string[]; more?: number } {
  return files.length > FILE_LIST_LIMIT
    ? { files: files.slice(0, FILE_LIST_LIMIT), more: files.length - FILE_LIST_LIMIT }
    : { files };
}

function capChanges(changes: SourceChanges): SourceChanges {
  return {
    added: changes.added.slice(0, FILE_LIST_LIMIT * 4),
    removed: changes.removed.slice(0, FILE_LIST_LIMIT * 4),
    modified: changes.modified.slice(0, FILE_LIST_LIMIT * 4),
  };
}

/** Combined hash of a scan's content hashes, the way the manifest records `hashes.source`. */
export function sourceHashOf(current: Map<string, string>): string {
  return hashEntries(current);
}
