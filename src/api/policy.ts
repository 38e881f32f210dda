/** The policy gate through the library: what `policy --json` prints. */

import type { FailOn, PolicyReport } from '../policy/evaluate.js';
import type { EventBus } from '../shared/events.js';
import type { EvidencePolicy } from '../trace/evidence.js';

export type { FailOn, PolicyFinding, PolicyReport, PolicySeverity } from '../policy/evaluate.js';

export interface PolicyCallOptions {
  bus?: EventBus;
  /** The ref the change is measured against (default: merge-base with main/master, else HEAD). */
  base?: string;
  /** The trace whose evidence proves the change. */
  traceId?: string;
  /** Overrides `policy.evidence` in the config. */
  evidencePolicy?: EvidencePolicy;
  /** Overrides `policy.failOn` in the config. */
  failOn?: FailOn;
}

/** Merges the diff, contract findings, context freshness and trace evidence into one gate. */
export async function policy(directory = '.', options: PolicyCallOptions = {}): Promise<PolicyReport> {
  const [
    { analyzeChange, validateChange, testCommandsOf },
    { evaluatePolicy },
    { assessFreshness },
    { workingTreeHash },
    { silentBus },
  ] = await Promise.all([
    import('./impact.js'),
    import('../policy/evaluate.js'),
    import('../context/freshness.js'),
    import('../shared/worktree-hash.js'),
    import('../shared/events.js'),
  ]);
  const bus = options.bus ?? silentBus();
  const analysis = await analyzeChange(directory, { bus, ...(options.base ? { base: options.base } : {}) });
  const { tree, contracts } = analysis;
  const settings = tree.config.config.policy;
  const validation = await validateChange(analysis);
  const freshness = await assessFreshness(tree.root, tree.config, bus);
  const trace = options.traceId
    ? await (await import('../trace/store.js')).readTrace(tree.root, options.traceId)
    : undefined;
  const treeHash = trace
    ? await workingTreeHash(tree.root, tree.config.config.context.agentsFile)
    : undefined;
  const { guardChange } = await import('./gate.js');
  return evaluatePolicy({
    impact: analysis.impact,
    contractFindings: validation.findings,
    guardFindings: (await guardChange(analysis, trace)).flatMap((report) => report.findings),
    freshness: {
      verdict: freshness.verdict,
      ...(freshness.command ? { command: freshness.command } : {}),
      reasons: freshness.components
        .filter((component) => component.verdict !== 'fresh')
        .map((component) => `${component.component}: ${component.reason}`),
    },
    safety: contracts.safety,
    testCommands: testCommandsOf(contracts),
    ...(trace ? { trace } : {}),
    ...(treeHash ? { treeHash } : {}),
    evidencePolicy: options.evidencePolicy ?? settings.evidence,
    failOn: options.failOn ?? settings.failOn,
    largeDiff: settings.largeDiff,
  });
}
