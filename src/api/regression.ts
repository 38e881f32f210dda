/** The regression guard and its known-issue memory through the library. */

import type { IssueMatch } from '../guards/regression/check.js';
import type { GuardReport } from '../guards/types.js';
import type { KnownIssue, NewKnownIssue } from '../memory/known-issues.js';
import type { EventBus } from '../shared/events.js';
import { escapeRegex } from '../shared/regex.js';
import type { EvidencePolicy } from '../trace/evidence.js';
import type { Trace } from '../trace/types.js';
import type { ChangeAnalysis } from './impact.js';

export type { IssueMatch } from '../guards/regression/check.js';

export interface RegressionCheckOptions {
  bus?: EventBus;
  base?: string;
  traceId?: string;
  evidencePolicy?: EvidencePolicy;
}

export type RegressionReport = GuardReport & { matches: IssueMatch[] };

export async function regressionList(directory = '.'): Promise<KnownIssue[]> {
  const { existingDirectory } = await import('../shared/fs.js');
  return (await import('../memory/known-issues.js')).readKnownIssues(await existingDirectory(directory));
}

export interface RegressionAddInput extends Partial<NewKnownIssue> {
  title: string;
  /** Derive the error pattern and the files from a trace's last failing command and its edits. */
  fromTrace?: string;
}

/** Records a known issue (a fixed bug and the test that guards it). */
export async function regressionAdd(directory: string, input: RegressionAddInput): Promise<KnownIssue> {
  const [{ existingDirectory }, { addKnownIssue }] = await Promise.all([
    import('../shared/fs.js'),
    import('../memory/known-issues.js'),
  ]);
  const root = await existingDirectory(directory);
  const { fromTrace, ...issue } = input;
  const derived = fromTrace ? await deriveFromTrace(root, fromTrace) : { paths: [], errorPatterns: [] };
  const signature = {
    paths: [...new Set([...(issue.signature?.paths ?? []), ...derived.paths])],
    symbols: issue.signature?.symbols ?? [],
    errorPatterns: [...new Set([...(issue.signature?.errorPatterns ?? []), ...derived.errorPatterns])],
  };
  return addKnownIssue(root, { ...issue, title: input.title, signature } as NewKnownIssue);
}

async function deriveFromTrace(
  root: string,
  traceId: string,
): Promise<{ paths: string[]; errorPatterns: string[] }> {
  const trace = await (await import('../trace/store.js')).readTrace(root, traceId);
  const paths = [...new Set(trace.steps.flatMap((step) => (step.kind === 'edit' ? step.files : [])))].sort();
  const failed = [...trace.steps].reverse().find((step) => step.kind === 'command' && step.exitCode !== 0);
  const errorPatterns: string[] = [];
  if (failed?.kind === 'command') {
    const line = `${failed.stderr.tail}\n${failed.stdout.tail}`
      .split('\n')
      .find((text) => /error|fail|assert|expected|exception/i.test(text));
    if (line) errorPatterns.push(escapeRegex(line.trim().slice(0, 120)));
  }
  return { paths, errorPatterns };
}

/** Which known issues the current change touches, and whether their anti-regression tests have current passing evidence. */
export async function regressionCheck(
  directory = '.',
  options: RegressionCheckOptions = {},
): Promise<RegressionReport> {
  const { analyzeChange } = await import('./impact.js');
  const analysis = await analyzeChange(directory, {
    ...(options.bus ? { bus: options.bus } : {}),
    ...(options.base ? { base: options.base } : {}),
  });
  const trace = options.traceId
    ? await (await import('../trace/store.js')).readTrace(analysis.tree.root, options.traceId)
    : undefined;
  return regressionFromAnalysis(analysis, {
    ...(trace ? { trace } : {}),
    ...(options.evidencePolicy ? { evidencePolicy: options.evidencePolicy } : {}),
  });
}

/** The regression check over a change already analysed (the loop controller shares one analysis). */
export async function regressionFromAnalysis(
  analysis: ChangeAnalysis,
  options: { trace?: Trace; evidencePolicy?: EvidencePolicy } = {},
): Promise<RegressionReport> {
  const [{ checkRegressions }, { readKnownIssues }, { changedLineRanges }, { workingTreeHash }] =
    await Promise.all([
      import('../guards/regression/check.js'),
      import('../memory/known-issues.js'),
      import('../shared/git.js'),
      import('../shared/worktree-hash.js'),
    ]);
  const root = analysis.tree.root;
  const changedFiles = analysis.impact.changed
    .filter((file) => file.status !== 'deleted')
    .map((file) => file.path);
  const ranges = await changedLineRanges(root, analysis.impact.base.commit, changedFiles);
  const changedSymbols = analysis.tree.indexed.flatMap((file) => {
    const fileRanges = ranges.get(file.path);
    const untracked = !fileRanges && changedFiles.includes(file.path);
    return file.symbols
      .filter(
        (symbol) =>
          untracked || fileRanges?.some(([start, end]) => symbol.line <= end && symbol.endLine >= start),
      )
      .map((symbol) => ({ file: file.path, name: symbol.name }));
  });
  const fullTestCommands = [
    analysis.contracts.commands.commands.test?.command,
    ...analysis.contracts.tests.runners.map((runner) => runner.fullCommand),
  ].filter((command): command is string => Boolean(command));
  const trace = options.trace;
  return checkRegressions({
    issues: (await readKnownIssues(root)).filter((issue) => issue.status === 'fixed'),
    changedFiles,
    changedSymbols,
    ...(trace
      ? { trace, treeHash: await workingTreeHash(root, analysis.tree.config.config.context.agentsFile) }
      : {}),
    policy: options.evidencePolicy ?? analysis.tree.config.config.policy.evidence,
    fullTestCommands,
  });
}
