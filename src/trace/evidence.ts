/**
 * `evidenceSatisfies()`: does a trace hold evidence that closes a requirement under a policy?
 * Claimed is not verified: a manual step is somebody's word; a command the harness ran or a CI
 * report it imported is observed. Observed evidence counts only when it is on the current
 * working tree and was recorded after the last edit — a later edit never rides on old tests.
 */
import { reportPassed } from './reports/index.js';
import type {
  CiStep,
  CommandStep,
  EvidenceLevel,
  ManualStep,
  RequirementType,
  Trace,
  TraceStep,
} from './types.js';

export const EVIDENCE_POLICIES = ['advisory', 'balanced', 'strict'] as const;
export type EvidencePolicy = (typeof EVIDENCE_POLICIES)[number];

export interface EvidenceRequirement {
  /** Stable id (`tests`, `lint`, `contracts`, ...). */
  id: string;
  type: RequirementType;
  /** Commands that count, as typed (`npm test`); a step whose command starts with one of them matches. */
  commands?: string[];
  /** Must be met before the loop may close. */
  blocking: boolean;
  /** Under `balanced`, manual evidence never closes a critical requirement (tests after source or config changes). */
  critical: boolean;
  description?: string;
}

export interface EvidenceState {
  /** The working-tree hash now. */
  treeHash: string;
}

export interface EvidenceVerdict {
  requirement: string;
  /** The requirement is closed under the policy. */
  satisfied: boolean;
  /** The harness itself observed passing evidence on the current tree after the last edit. */
  verified: boolean;
  /** Somebody claimed it (a manual step on the current tree after the last edit). */
  claimed: boolean;
  /** The evidence that decided, when any. */
  level?: EvidenceLevel;
  step?: string;
  /** Why it is (not) satisfied, including each piece of evidence that did not count. */
  reasons: string[];
}

const RUNNERS: Record<RequirementType, RegExp> = {
  tests:
    /(^|[\s/])(vitest|jest|mocha|ava|tap|pytest|py\.test|tox|nox|node --test|bun test|deno test|go test|cargo (nextest|test)|mvn( -\S+)* (test|verify)|gradlew? test|rspec|phpunit|(npm|pnpm|yarn|bun)( run)? test(:\S+)?)(\s|$)/,
  lint: /(^|[\s/])(eslint|biome (check|lint|ci)|ruff( check)?|flake8|pylint|golangci-lint|go vet|cargo clippy|rubocop|(npm|pnpm|yarn|bun)( run)? lint(:\S+)?)(\s|$)/,
  typecheck:
    /(^|[\s/])(tsc|vue-tsc|mypy|pyright|cargo check|(npm|pnpm|yarn|bun)( run)? (typecheck|type-check|check-types|tsc))(\s|$)/,
  build:
    /(^|[\s/])(tsc|go build|cargo build|mvn( -\S+)* (package|compile|install)|gradlew? build|make|(npm|pnpm|yarn|bun)( run)? build(:\S+)?)(\s|$)/,
  contracts: /(^|[\s/])(opencode-plusplus|ocpp|cli\/main\.js) (validate-contracts|verify)(\s|$)/,
  command: /$^/,
};

const CLAIM_WORDS: Record<RequirementType, RegExp> = {
  tests: /\btests?\b|\bspecs?\b/i,
  lint: /\blint/i,
  typecheck: /\btype[- ]?check|\btsc\b|\btypes?\b/i,
  build: /\bbuild/i,
  contracts: /\bcontracts?\b/i,
  command: /$^/,
};

export function evidenceSatisfies(
  requirement: EvidenceRequirement,
  trace: Trace,
  policy: EvidencePolicy,
  state: EvidenceState,
): EvidenceVerdict {
  const lastEdit = lastEditIndex(trace.steps);
  const reasons: string[] = [];
  let observed: TraceStep | undefined;
  let claim: ManualStep | undefined;
  trace.steps.forEach((step, position) => {
    if (!speaksTo(step, requirement)) return;
    const problem = disqualify(step, position, lastEdit, state);
    if (problem) {
      reasons.push(`${step.id} (${step.level}) does not count: ${problem}`);
      return;
    }
    if (step.level === 'manual') claim = step as ManualStep;
    else observed = step;
  });
  const verified = observed !== undefined;
  const claimed = claim !== undefined;
  const verdict: EvidenceVerdict = {
    requirement: requirement.id,
    satisfied: false,
    verified,
    claimed,
    reasons,
  };
  if (observed) {
    verdict.satisfied = true;
    verdict.level = observed.level;
    verdict.step = observed.id;
    reasons.unshift(`${observed.id}: ${describe(observed)} passed on the current tree after the last edit`);
    return verdict;
  }
  const claimStep = claim as ManualStep | undefined;
  if (claimStep) {
    verdict.level = 'manual';
    verdict.step = claimStep.id;
    const allowed = manualAllowed(requirement, policy);
    verdict.satisfied = allowed.ok;
    reasons.unshift(
      `${claimStep.id}: claimed "${claimStep.message ?? claimStep.kind}" (not verified) — ${allowed.why}`,
    );
    return verdict;
  }
  reasons.unshift(`no evidence for ${requirement.id} on the current tree after the last edit`);
  return verdict;
}

function manualAllowed(
  requirement: EvidenceRequirement,
  policy: EvidencePolicy,
): { ok: boolean; why: string } {
  if (policy === 'advisory')
    return { ok: true, why: 'accepted as an unverified claim under the advisory policy' };
  if (policy === 'strict') {
    return requirement.blocking
      ? {
          ok: false,
          why: 'the strict policy never closes a blocking requirement with manual evidence: run it with `trace run` or import a CI report',
        }
      : { ok: true, why: 'accepted for a non-blocking requirement' };
  }
  return requirement.critical
    ? {
        ok: false,
        why: 'the balanced policy needs command or ci evidence for this requirement: run it with `trace run` or import a CI report',
      }
    : { ok: true, why: 'the balanced policy accepts manual evidence for a non-critical check' };
}

/** Position of the last step that changed code: a manual `edit`, or a command that changed the tree. */
export function lastEditIndex(steps: readonly TraceStep[]): number {
  for (let position = steps.length - 1; position >= 0; position--) {
    const step = steps[position]!;
    if (step.kind === 'edit') return position;
    if (step.kind === 'command' && step.treeHashBefore !== step.treeHashAfter) return position;
  }
  return -1;
}

function speaksTo(step: TraceStep, requirement: EvidenceRequirement): boolean {
  if (step.about.includes(requirement.type)) return true;
  if (step.kind === 'command') return commandMatches(step.command, requirement);
  if (step.kind === 'test-report')
    return (
      requirement.type === 'tests' ||
      (step.report.format === 'github-actions' && requirement.type === 'build')
    );
  if (step.kind === 'claim' || step.kind === 'observation')
    return CLAIM_WORDS[requirement.type].test(step.message ?? '');
  return false;
}

export function commandMatches(command: readonly string[], requirement: EvidenceRequirement): boolean {
  const text = command.join(' ').trim();
  if (requirement.commands && requirement.commands.length > 0) {
    return requirement.commands.some(
      (expected) => text === expected.trim() || text.startsWith(`${expected.trim()} `),
    );
  }
  return RUNNERS[requirement.type].test(text);
}

/** Why a piece of evidence does not count, or undefined when it does. */
function disqualify(
  step: TraceStep,
  position: number,
  lastEdit: number,
  state: EvidenceState,
): string | undefined {
  if (position < lastEdit)
    return `recorded before the last edit (${`step-${String(lastEdit + 1).padStart(3, '0')}`})`;
  if (step.kind === 'command') return commandProblem(step, state);
  if (step.kind === 'test-report') return reportProblem(step, state);
  if (step.kind === 'edit') return 'an edit is not evidence';
  if (step.treeHash !== undefined && step.treeHash !== state.treeHash)
    return 'claimed on an earlier working tree';
  return undefined;
}

function commandProblem(step: CommandStep, state: EvidenceState): string | undefined {
  if (step.spawnError) return step.spawnError;
  if (step.timedOut) return 'timed out';
  if (step.exitCode !== 0) return `exited with ${step.exitCode ?? step.signal ?? 'no code'}`;
  if (step.treeHashBefore !== step.treeHashAfter) return 'the command itself changed the working tree';
  if (step.treeHashAfter !== state.treeHash) return 'ran on an earlier working tree';
  return undefined;
}

function reportProblem(step: CiStep, state: EvidenceState): string | undefined {
  if (!reportPassed(step.report))
    return `the report has ${step.report.failed} failure(s) and ${step.report.errors} error(s)${step.report.conclusion ? ` (conclusion ${step.report.conclusion})` : ''}`;
  if (step.treeHash !== state.treeHash) return 'imported on an earlier working tree';
  return undefined;
}

function describe(step: TraceStep): string {
  if (step.kind === 'command') return `\`${step.command.join(' ')}\``;
  if (step.kind === 'test-report')
    return `${step.report.format} report ${step.source.file} (${step.report.passed}/${step.report.total})`;
  return step.message ?? step.kind;
}
