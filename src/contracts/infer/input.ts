/** What inference looks at: the tree, the project's manifests and the import graph. */
import type { DependencyGraph } from '../../graph/types.js';
import type { ProjectFacts } from '../../scan/project.js';
import type { TreeFile } from '../types.js';

export interface InferenceInput {
  files: readonly TreeFile[];
  project: ProjectFacts;
  graph: DependencyGraph;
  /** A repository file's text; undefined when it does not exist. */
  readFile(path: string): string | undefined;
}
