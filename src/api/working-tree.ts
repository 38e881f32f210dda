/**
 * The working tree as the later stages need it — files with their facts, the import graph, the
 * project's manifests — computed in memory from the current files (reusing the last build's
 * caches), without writing anything.
 */
import { type LoadedConfig, loadConfig } from '../config/load.js';
import { stageTimer } from '../context/build.js';
import { computeGraph } from '../context/compute.js';
import { type InferenceInput, repositoryReader, type TreeFile, treeFiles } from '../contracts/index.js';
import type { DependencyGraph } from '../graph/types.js';
import type { IndexedFile } from '../index/types.js';
import { detectProject, type ProjectFacts } from '../scan/project.js';
import { type EventBus, silentBus } from '../shared/events.js';

export interface WorkingTree {
  root: string;
  config: LoadedConfig;
  files: TreeFile[];
  graph: DependencyGraph;
  /** Every indexed file's facts (symbols, imports...), current. */
  indexed: IndexedFile[];
  project: ProjectFacts;
  /** What contract inference reads. */
  inference: InferenceInput;
}

export async function analyzeWorkingTree(
  root: string,
  bus: EventBus = silentBus(),
  loaded?: LoadedConfig,
): Promise<WorkingTree> {
  const config = loaded ?? (await loadConfig(root));
  const { timed } = stageTimer(bus);
  const computed = await computeGraph(root, { mode: 'update', bus, config, timed });
  const { scan, contents } = computed.scanned;
  const graph = computed.graph;
  const project = detectProject(scan);
  const files = treeFiles(scan.files, computed.index.files);
  return {
    root,
    config,
    files,
    graph,
    indexed: computed.index.files,
    project,
    inference: { files, project, graph, readFile: repositoryReader(root, contents) },
  };
}
