/** One change, analysed once: the working tree, its contracts and the change's impact, which verify, policy and the gate all read. */
import type { ContentReader, ContractFileState, ContractSet } from '../contracts/index.js';
import type { ChangeImpactReport, ChangeSet } from '../impact/index.js';
import type { WorkingTree } from './working-tree.js';

export interface ChangeAnalysis {
  tree: WorkingTree;
  contracts: ContractSet;
  contractFiles: ContractFileState[];
  change: { changes: ChangeSet; contents: ContentReader };
  impact: ChangeImpactReport;
}
