/**
 * The pure middle of a build: from scan, index and graph to every generated file's bytes and the
 * manifest. No disk writes here; `writeContextPackage()` is the last step.
 */
import type { LoadedConfig } from '../config/load.js';
import { detectTestRunners } from '../contracts/infer/tests.js';
import { treeFiles } from '../contracts/tree.js';
import type { DependencyGraph } from '../graph/types.js';
import { FactsCache } from '../index/cache.js';
import { adapters } from '../index/languages/registry.js';
import { textAdapter } from '../index/languages/text.js';
import type { IndexedFile, IndexStats } from '../index/types.js';
import type { TokenCache } from '../pack/tokenizer.js';
import { mainPackage } from '../scan/packages.js';
import type { ProjectFacts } from '../scan/project.js';
import type { ScanResult } from '../scan/types.js';
import { globMatcher } from '../shared/glob.js';
import { hashEntries, sha256 } from '../shared/hash.js';
import { formatJsonFile } from '../shared/json.js';
import { layout, MACHINE_LOCAL } from '../shared/layout.js';
import { replaceManagedBlock, withoutManagedBlock } from '../shared/managed-block.js';
import { redacted, redactedValue } from '../shared/redact.js';
import { TOOL_NAME, toolVersion } from '../shared/version.js';
import { type CentralModules, centralBasis, centralModules, keptCentralModules } from './central.js';
import { type BuiltCentral, builtCentral, type KeptCentral } from './central-cache.js';
import { observeConventions } from './conventions.js';
import { describeProject } from './description.js';
import { detectEntrypoints, type Entrypoint } from './entrypoints.js';
import { type KeptListing, listingPasses } from './listing-passes.js';
import { type ComponentHashes, type ContextManifest, MANIFEST_SCHEMA_VERSION } from './manifest.js';
import { moduleStyleFinding } from './module-style.js';
import { composeProjectJson } from './project-json.js';
import type { ProjectJson } from './project-schema.js';
import { entrypointsKey, type FileRank, type PreviousRanking, rankOrReuse } from './rank.js';
import { assessReadiness, type ReadinessReport } from './readiness.js';
import { type SavingsRecords, type TokenSavings, tokenSavings } from './savings.js';
import {
  componentOfOutput,
  graphShards,
  type IndexShardOutput,
  indexShards,
  jsonLinesDocument,
  type PreviousShards,
  type ReusableGraphShards,
  shardFile,
} from './shards.js';
import { describesFolder, type RepositorySummary, summarizeRepository } from './summary.js';
import { combineTallies, type KeptTallies, type ShardTally, TallyCache, tallyKey } from './tallies.js';
import { renderAgentsBlock } from './writers/agents-md.js';
import { renderSummaryMarkdown } from './writers/summary-md.js';

export const OUTPUT_SCHEMA_VERSION = 1;

export interface ComposeInput {
  root: string;
  rootName: string;
  scan: ScanResult;
  files: IndexedFile[];
  indexStats: IndexStats;
  graph: DependencyGraph;
  project: ProjectFacts;
  config: LoadedConfig;
  tokens: TokenCache;
  contents?: Map<string, string>;
  readme?: { path: string; text: string };
  /** A repository file's text (manifests and runner configs); undefined when it does not exist. */
  readFile: (path: string) => string | undefined;
  /** What the last build wrote that may be reused as it is (update mode). */
  previous?: PreviousOutputs;
  /** The agents file's current text (undefined when it does not exist yet). */
  agentsFileText: string | undefined;
  /** Whether the scan lists the agents file (false when it is git-ignored): only then is it a source. */
  agentsFileScanned: boolean;
  gitCommit?: string;
  /** Hashes of components other stages own (contracts, task packs); `none` when absent. */
  externalHashes: Pick<ComponentHashes, 'contracts' | 'taskPacks' | 'memory'>;
  /** `[lesson L-NNNN] text` lines to serve in AGENTS.md. */
  lessons?: string[];
  /** Shard tallies kept by earlier builds, by shard hash, when taken under this key (`tallyKey()`). */
  tallies?: KeptTallies;
  /** What the last compose in this process kept of its per-file work (`ContextPackage.kept`). */
  kept?: ComposeKept;
}

/**
 * Per-file intermediate results a long-lived process hands from one compose to the next. Each is
 * checked against the file it was taken from before it is reused, so a stale one costs time, never
 * a different byte.
 */
export interface ComposeKept {
  savings: SavingsRecords;
  listing: KeptListing;
}

/** The last build's outputs an update can reuse instead of serialising and hashing them again. */
export interface PreviousOutputs {
  /** A file's unchanged index line, when there is one. */
  indexLine: (file: IndexedFile) => string | undefined;
  /** Index shards as the last build wrote them (path -> bytes and recorded hash). */
  indexShards: PreviousShards;
  /** Graph shards whose folder holds no changed file, when the graph was reused. */
  graphShards?: ReusableGraphShards;
  /** The last build's ranking, when the graph was reused (kept when no edge it reads moved). */
  ranking?: PreviousRanking;
  /** The last build's choice of central units, with the languages the ranking's changed files had then. */
  central?: { kept: KeptCentral; languages: ReadonlyMap<string, string | undefined> };
}

export interface GeneratedFile {
  /** Repository path. */
  path: string;
  content: string;
  /** The content's hash when already known (a shard reused as the last build wrote it). */
  hash?: string;
  /** Its length in bytes when known without its text (an index shard kept as read back). */
  bytes?: number;
  /** For AGENTS.md: what the manifest hashes (the managed block alone; the rest belongs to people). */
  hashedContent?: string;
}

export interface ContextPackage {
  files: GeneratedFile[];
  manifest: ContextManifest;
  summary: RepositorySummary;
  project: ProjectJson;
  readiness: ReadinessReport;
  savings: TokenSavings;
  ranking: FileRank[];
  /** `entrypointsKey()` of the entrypoints the ranking was made with (ranking.json records it). */
  rankingEntrypoints: string;
  /** The index just composed, as a facts cache (what a long-lived process keeps for its next refresh). */
  facts: FactsCache;
  /** The tallies of this build's index shards (saved for the next update, or held in memory). */
  tallies: TallyCache;
  /** The units its central modules were chosen from (saved for the next update, or held in memory). */
  central: BuiltCentral;
  /** Per-file results for the next compose in this process (`ComposeInput.kept`). */
  kept: ComposeKept;
}

export function composeContextPackage(input: ComposeInput): ContextPackage {
  const { config } = input.config;
  const index = indexShards(input.files, deterministicStats(input.indexStats), {
    ...(input.previous ? { knownLine: input.previous.indexLine, previous: input.previous.indexShards } : {}),
  });
  const main = mainPackage(input.project.packages);
  const { tally, tallies } = tallyIndex(index.shards, main?.path, input.tallies);
  const entrypoints = detectEntrypoints(
    input.files,
    input.project,
    config.context.entrypoints,
    tally.entrypoints,
  );
  const { ranking, reused: rankingReused } = rankOrReuse(
    input.graph,
    input.files,
    entrypoints,
    input.previous?.ranking,
  );
  const rankingEntrypoints = entrypointsKey(entrypoints);
  const moduleStyle = moduleStyleFinding(tally.moduleStyle, main);
  const listing = listingOf(input, tally.folderSummaries);
  const conventions = observeConventions(listing.passes.conventions, tally, moduleStyle);
  const chosen = centralOf(input, { entrypoints, ranking, key: rankingEntrypoints, reused: rankingReused });
  const central = chosen.modules;
  const description = describeProject(input.project, input.files, input.readme);
  const summary = summarizeRepository({
    rootName: input.rootName,
    scanned: input.scan.files,
    layout: listing.passes.layout,
    tally,
    project: input.project,
    description,
    entrypoints,
    central,
    conventions,
  });
  // Project facts quote the repository (README, manifests, commands): never its secrets.
  const project = redactedValue(
    composeProjectJson({
      name: summary.name,
      description,
      scanned: input.scan.files,
      indexed: input.files.length,
      moduleStyle,
      project: input.project,
      entrypoints,
      central,
      runners: detectTestRunners({
        files: treeFiles(input.scan.files),
        project: input.project,
        graph: input.graph,
        readFile: input.readFile,
      }),
      generated: listing.passes.generated,
      fixtures: listing.passes.fixtures,
      languages: summary.languages,
      layout: summary.layout,
      conventions,
      configuration: listing.passes.configuration,
    }),
  );
  const agentsUserText = withoutManagedBlock(input.agentsFileText ?? '');
  const readiness = assessReadiness(
    input.scan.files,
    input.project,
    config.context.agentsFile,
    agentsUserText.trim().length > 0,
  );
  // Both Markdown outputs quote the repository (README, doc comments, commands): never its secrets.
  const agentsBlock = redacted(renderAgentsBlock(project, input.lessons ? { lessons: input.lessons } : {}));
  const sizes = new Map(input.scan.files.map((file) => [file.path, file.size]));
  const { savings, records } = tokenSavings({
    root: input.root,
    files: input.files,
    sizes,
    ranking,
    agentsBlock,
    tokens: input.tokens,
    ...(input.contents ? { contents: input.contents } : {}),
    ...(input.kept ? { kept: input.kept.savings } : {}),
  });
  const facts = new FactsCache();
  for (const shard of index.shards) facts.addComposed(shard);
  const files: GeneratedFile[] = [
    {
      path: config.context.agentsFile,
      content: replaceManagedBlock(input.agentsFileText ?? '', agentsBlock),
      hashedContent: agentsBlock,
    },
    index.head,
    ...index.shards.map(shardFile),
    ...graphShards(input.graph, input.previous?.graphShards),
    { path: layout.project, content: formatJsonFile(project) },
    rankingFile(ranking, rankingEntrypoints, rankingReused ? input.previous?.ranking?.document : undefined),
    {
      path: layout.summary,
      content: redacted(
        renderSummaryMarkdown({
          summary,
          project,
          readiness,
          savings,
          graph: input.graph,
          indexStats: input.indexStats,
        }),
      ),
    },
    {
      path: layout.readiness,
      content: formatJsonFile({ schemaVersion: OUTPUT_SCHEMA_VERSION, ...readiness }),
    },
    { path: layout.savings, content: formatJsonFile({ schemaVersion: OUTPUT_SCHEMA_VERSION, ...savings }) },
    {
      path: layout.gitignore,
      content: `# machine-local files of opencode-plusplus\n${MACHINE_LOCAL.join('\n')}\n`,
    },
  ];
  const manifest = buildManifest(input, files);
  return {
    central: builtCentral(manifest, chosen.choice, input.previous?.central?.kept),
    files,
    manifest,
    summary,
    project,
    readiness,
    savings,
    ranking,
    rankingEntrypoints,
    facts,
    tallies,
    kept: { savings: records, listing },
  };
}

/**
 * Central modules, from the last build's choice of units when the ranking was reused — the same
 * files, kinds, internal imports and PageRank, so the same importer counts — and no changed file
 * changed language (which could move it in or out of the real sources).
 */
function centralOf(
  input: ComposeInput,
  ranked: { entrypoints: Entrypoint[]; ranking: FileRank[]; key: string; reused: boolean },
): CentralModules {
  const { entrypoints, ranking } = ranked;
  const limit = input.config.config.context.centralModules;
  const { packages } = input.project;
  const basis = centralBasis(limit, packages, ranked.key);
  const previous = input.previous?.central;
  if (ranked.reused && previous?.kept.choice.basis === basis) {
    const languageMoved = input.files.some(
      (file) => previous.languages.has(file.path) && previous.languages.get(file.path) !== file.language,
    );
    if (!languageMoved)
      return keptCentralModules(previous.kept.choice, input.files, entrypoints, limit, packages);
  }
  return centralModules(input.files, input.graph, entrypoints, ranking, limit, packages, basis);
}

/** The index's tallies summed over its shards: cached ones by shard hash, the others taken now. */
function tallyIndex(
  shards: readonly IndexShardOutput[],
  mainPath: string | undefined,
  previous: ComposeInput['tallies'],
): { tally: ShardTally; tallies: TallyCache } {
  const key = tallyKey(mainPath);
  const tallies = new TallyCache(key, previous?.key === key ? previous.tallies : undefined);
  const scope = { mainPath, describesFolder };
  return { tally: combineTallies(shards.map((shard) => tallies.tallyOf(shard, scope))), tallies };
}

/** ranking.json; the last build's bytes when the ranking was reused (the same rows, the same head). */
function rankingFile(
  ranking: FileRank[],
  entrypoints: string,
  reused: { content: string; hash: string } | undefined,
): GeneratedFile {
  if (reused) return { path: layout.ranking, ...reused };
  const head = { schemaVersion: OUTPUT_SCHEMA_VERSION, entrypoints };
  return { path: layout.ranking, content: jsonLinesDocument(head, 'files', ranking) };
}

/** The passes over the whole listing, kept from the last compose when the listing's shape stands. */
function listingOf(input: ComposeInput, folderSummaries: Record<string, string>): KeptListing {
  return listingPasses(
    {
      files: input.scan.files,
      commandOutputs: input.scan.commandOutputs ?? [],
      configured: globMatcher(input.config.config.scan.generated),
      configuredKey: JSON.stringify(input.config.config.scan.generated),
      rootFiles: input.files.filter((file) => !file.path.includes('/')),
      folderSummaries,
    },
    input.kept?.listing,
  );
}

function buildManifest(input: ComposeInput, files: GeneratedFile[]): ContextManifest {
  const outputs: Record<string, string> = {};
  for (const file of files) outputs[file.path] = file.hash ?? sha256(file.hashedContent ?? file.content);
  // Entries first, the object once: `Object.entries` and `Object.keys` of 10k keys cost more than the hashing.
  const sourceEntries: Array<[string, string]> = [];
  let unhashed = 0;
  for (const file of input.scan.files) {
    if (file.hash) sourceEntries.push([file.path, file.hash]);
    else unhashed++;
  }
  // The agents file as it will be on disk after this build: what a later scan will hash.
  const agentsFile = files.find((file) => file.hashedContent !== undefined);
  if (agentsFile && input.agentsFileScanned) {
    const entry: [string, string] = [agentsFile.path, sha256(withoutManagedBlock(agentsFile.content))];
    const at = sourceEntries.findIndex(([path]) => path === agentsFile.path);
    if (at === -1) sourceEntries.push(entry);
    else sourceEntries[at] = entry;
  }
  const sources = Object.fromEntries(sourceEntries);
  const ofComponent = (component: 'index' | 'graph') =>
    hashEntries(Object.entries(outputs).filter(([path]) => componentOfOutput(path) === component));
  const hashes: ComponentHashes = {
    source: hashEntries(sourceEntries),
    config: input.config.hash,
    index: ofComponent('index'),
    graph: ofComponent('graph'),
    contracts: input.externalHashes.contracts,
    taskPacks: input.externalHashes.taskPacks,
    memory: input.externalHashes.memory,
    outputs: hashEntries(Object.entries(outputs)),
  };
  const extractors: Record<string, number> = { [textAdapter.id]: textAdapter.version };
  for (const adapter of adapters) extractors[adapter.id] = adapter.version;
  const manifest: ContextManifest = {
    schemaVersion: MANIFEST_SCHEMA_VERSION,
    tool: { name: TOOL_NAME, version: toolVersion() },
    config: { hash: input.config.hash, ...(input.config.file ? { file: input.config.file } : {}) },
    extractors,
    hashes,
    outputs,
    sources,
    counts: {
      files: sourceEntries.length + unhashed,
      indexed: input.files.length,
      edges: input.graph.edges.length,
      unresolved: input.graph.unresolved.length,
    },
  };
  if (input.gitCommit) manifest.git = { commit: input.gitCommit };
  return manifest;
}

/** Parsed-versus-cached counts depend on the cache, not the tree: they stay out of hashed outputs. */
function deterministicStats(stats: IndexStats): Omit<IndexStats, 'parsed' | 'cached'> {
  const { parsed: _parsed, cached: _cached, ...rest } = stats;
  return rest;
}
