/**
 * The regression guard: a bug that was fixed must stay fixed. When a change touches a known
 * issue's signature — its files, its symbols, or the error text it produced showing up again —
 * the issue's anti-regression test must have current passing evidence before the loop closes.
 */
import type { KnownIssue } from '../../memory/known-issues.js';
import { globMatcher } from '../../shared/glob.js';
import { type EvidencePolicy, evidenceSatisfies, lastEditIndex } from '../../trace/evidence.js';
import type { Trace } from '../../trace/types.js';
import { findingId, type GuardFinding, type GuardReport } from '../types.js';

export interface ChangedSymbol {
  file: string;
  name: string;
}

export interface RegressionInput {
  issues: readonly KnownIssue[];
  changedFiles: readonly string[];
  /** Symbols whose lines the change touched. */
  changedSymbols: readonly ChangedSymbol[];
  trace?: Trace;
  treeHash?: string;
  policy: EvidencePolicy;
  /** Commands that run every test (the test contract's full command): they cover every anti-regression test. */
  fullTestCommands: readonly string[];
}

export interface IssueMatch {
  issue: string;
  /** Why the change touches it. */
  reasons: string[];
  /** Whether its anti-regression test has current passing evidence. */
  covered: boolean;
}

export function checkRegressions(input: RegressionInput): GuardReport & { matches: IssueMatch[] } {
  const findings: GuardFinding[] = [];
  const matches: IssueMatch[] = [];
  const failureText = failureTextOf(input.trace);
  for (const issue of input.issues) {
    const reasons = signatureHits(issue, input, failureText);
    if (reasons.length === 0) continue;
    const covered = hasPassingEvidence(issue, input);
    matches.push({ issue: issue.id, reasons, covered });
    if (covered) continue;
    const test = issue.test;
    findings.push({
      id: findingId('regression', 'anti-regression-test', test?.file, issue.id),
      guard: 'regression',
      rule: 'anti-regression-test',
      severity: 'block',
      message: test
        ? `the change touches known issue ${issue.id} (${issue.title}): run its anti-regression test ${test.file}${test.name ? ` › ${test.name}` : ''} on the current tree before finishing`
        : `the change touches known issue ${issue.id} (${issue.title}), which has no anti-regression test: add one`,
      ...(test ? { file: test.file } : {}),
      evidence: reasons,
      requiredAction: test ? 'run-tests' : 'add-or-update-tests',
    });
  }
  return {
    guard: 'regression',
    findings,
    checked: { issues: input.issues.length, matched: matches.length },
    matches,
  };
}

function signatureHits(issue: KnownIssue, input: RegressionInput, failureText: string): string[] {
  const reasons: string[] = [];
  const { paths, symbols, errorPatterns } = issue.signature;
  if (paths.length > 0) {
    const matches = globMatcher(paths);
    const hit = input.changedFiles.filter((file) => matches(file));
    if (hit.length > 0)
      reasons.push(`changed ${hit.slice(0, 5).join(', ')} (signature paths ${paths.join(', ')})`);
  }
  if (symbols.length > 0) {
    const wanted = new Set(symbols);
    const hit = input.changedSymbols.filter(
      (symbol) => wanted.has(symbol.name) || wanted.has(`${symbol.file}#${symbol.name}`),
    );
    if (hit.length > 0)
      reasons.push(
        `changed ${hit
          .slice(0, 5)
          .map((symbol) => `${symbol.name} in ${symbol.file}`)
          .join(', ')} (signature symbols)`,
      );
  }
  for (const pattern of errorPatterns) {
    let regex: RegExp;
    try {
      regex = new RegExp(pattern, 'i');
    } catch {
      continue;
    }
    if (failureText && regex.test(failureText))
      reasons.push(`the error it produced appeared again: /${pattern}/`);
  }
  return reasons;
}

/** Output of failed commands and failure messages of test reports recorded since the last edit. */
function failureTextOf(trace: Trace | undefined): string {
  if (!trace) return '';
  const parts: string[] = [];
  for (const step of trace.steps.slice(Math.max(0, lastEditIndex(trace.steps)))) {
    if (step.kind === 'command' && step.exitCode !== 0) parts.push(step.stderr.tail, step.stdout.tail);
    if (step.kind === 'test-report')
      for (const failure of step.report.failures) parts.push(`${failure.name} ${failure.message ?? ''}`);
  }
  return parts.join('\n');
}

function hasPassingEvidence(issue: KnownIssue, input: RegressionInput): boolean {
  if (!input.trace || input.treeHash === undefined || !issue.test) return false;
  const test = issue.test;
  // The test's own command, a full run, or any command that names the test file covers it.
  const namingTheFile = input.trace.steps.flatMap((step) =>
    step.kind === 'command' && step.command.join(' ').includes(test.file) ? [step.command.join(' ')] : [],
  );
  const commands = [...(test.command ? [test.command] : []), ...input.fullTestCommands, ...namingTheFile];
  if (commands.length === 0) return false;
  const requirement = {
    id: `regression:${issue.id}`,
    type: 'tests' as const,
    blocking: true,
    critical: true,
    commands,
  };
  return evidenceSatisfies(requirement, input.trace, input.policy, { treeHash: input.treeHash }).verified;
}
