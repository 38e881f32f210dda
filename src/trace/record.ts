/**
 * Recording evidence: manual steps, commands the harness runs itself, and imported test reports,
 * each stamped with the working-tree hash it belongs to.
 */
import { promises as fsp } from 'node:fs';
import { OcppError } from '../shared/errors.js';
import { sha256 } from '../shared/hash.js';
import { absolutePath, isAbsolutePath, isInside, relativePath, resolveAbsolute } from '../shared/path.js';
import { redactSecrets } from '../shared/redact.js';
import { workingTreeHash } from '../shared/worktree-hash.js';
import { type ReportFormat, readTestReport } from './reports/index.js';
import { type CommandRunOptions, runObservedCommand } from './run-command.js';
import { appendStep, readTrace, type StepDraft } from './store.js';
import type { CommandStep, ManualKind, RequirementType, TraceStep } from './types.js';

export interface ManualInput {
  kind: ManualKind;
  message: string;
  files?: string[];
  reason?: string;
  about?: RequirementType[];
  eventId?: string;
}

export interface AppendResult {
  traceId: string;
  step: TraceStep;
  /** False when the same event was already recorded (a repeated append is a no-op). */
  appended: boolean;
}

export async function addManualStep(
  root: string,
  id: string,
  input: ManualInput,
  now = new Date(),
): Promise<AppendResult> {
  if (!input.message.trim()) throw new OcppError('USAGE', 'a manual step needs a --message');
  await readTrace(root, id);
  const draft: StepDraft = {
    kind: input.kind,
    level: 'manual',
    at: now.toISOString(),
    message: input.message,
    files: normalizeFiles(root, input.files ?? []),
    about: input.about ?? [],
    treeHash: await workingTreeHash(root),
    ...(input.reason ? { reason: input.reason } : {}),
    ...(input.eventId ? { eventId: input.eventId } : {}),
  } as StepDraft;
  const result = await appendStep(root, id, draft);
  return { traceId: id, step: result.step, appended: result.appended };
}

export interface RunInput extends Omit<CommandRunOptions, 'cwd'> {
  command: string[];
  /** Directory to run in, relative to the repository root. @default the root */
  cwd?: string;
  about?: RequirementType[];
  reason?: string;
}

export async function runCommandStep(
  root: string,
  id: string,
  input: RunInput,
): Promise<AppendResult & { step: CommandStep }> {
  if (input.command.length === 0)
    throw new OcppError('USAGE', 'nothing to run', { hint: 'trace run <id> -- <command> [args...]' });
  const cwd = input.cwd ? await commandDirectory(root, input.cwd) : root;
  await readTrace(root, id);
  const before = await workingTreeHash(root);
  const run = await runObservedCommand(input.command, { ...input, cwd });
  const after = await workingTreeHash(root);
  const draft = {
    kind: 'command',
    level: 'command',
    at: run.endedAt.toISOString(),
    files: [],
    about: input.about ?? [],
    command: input.command.map((argument) => redactSecrets(argument).text),
    shell: input.shell ?? false,
    cwd: relativePath(root, cwd) || '.',
    exitCode: run.exitCode,
    signal: run.signal,
    timedOut: run.timedOut,
    startedAt: run.startedAt.toISOString(),
    endedAt: run.endedAt.toISOString(),
    durationMs: run.endedAt.getTime() - run.startedAt.getTime(),
    stdout: run.stdout,
    stderr: run.stderr,
    treeHashBefore: before,
    treeHashAfter: after,
    treeHash: after,
    ...(run.spawnError ? { spawnError: run.spawnError } : {}),
    ...(input.reason ? { reason: input.reason } : {}),
  } as StepDraft;
  const result = await appendStep(root, id, draft);
  return { traceId: id, step: result.step as CommandStep, appended: result.appended };
}

/**
 * Where `trace run --cwd` runs: a folder inside the repository (real paths, so a symlink out is
 * caught too). A command run elsewhere is no evidence about this repository.
 */
async function commandDirectory(root: string, cwd: string): Promise<string> {
  const absolute = resolveAbsolute(root, cwd);
  const [realRoot, real] = await Promise.all([
    fsp.realpath(root),
    fsp.realpath(absolute).catch(() => undefined),
  ]);
  const shown = `--cwd ${cwd}`;
  if (real === undefined || !(await fsp.stat(real)).isDirectory())
    throw new OcppError('USAGE', `${shown} is not a folder`, { hint: 'name a folder inside the repository' });
  if (!isInside(realRoot, real))
    throw new OcppError('USAGE', `${shown} is outside the repository (${real})`, {
      hint: 'trace run records evidence about this repository: run commands inside it',
    });
  return absolute;
}

export interface ImportInput {
  file: string;
  format?: ReportFormat | 'auto';
  about?: RequirementType[];
  /** The commit the report was produced on, when known. */
  commit?: string;
}

export async function importReport(
  root: string,
  id: string,
  input: ImportInput,
  now = new Date(),
): Promise<AppendResult> {
  await readTrace(root, id);
  const path = isAbsolutePath(input.file) ? input.file : resolveAbsolute(input.file);
  let bytes: Buffer;
  try {
    bytes = await fsp.readFile(path);
  } catch (error) {
    throw new OcppError(
      'NOT_FOUND',
      `cannot read ${input.file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  const report = readTestReport(bytes.toString('utf8'), input.file, input.format);
  const display = relativePath(root, path).startsWith('..') ? path : relativePath(root, path);
  const draft = {
    kind: 'test-report',
    level: 'ci',
    at: now.toISOString(),
    files: [],
    about: input.about ?? [],
    source: { file: display, sha256: sha256(bytes), ...(input.commit ? { commit: input.commit } : {}) },
    report,
    treeHash: await workingTreeHash(root),
  } as StepDraft;
  const result = await appendStep(root, id, draft);
  return { traceId: id, step: result.step, appended: result.appended };
}

function normalizeFiles(root: string, files: string[]): string[] {
  return [
    ...new Set(
      files
        .flatMap((entry) => entry.split(','))
        .map((file) => file.trim())
        .filter(Boolean),
    ),
  ]
    .map((file) => (isAbsolutePath(file) ? relativePath(root, file) : file.replace(/^\.\//, '')))
    .sort();
}

/** The repository a trace command acts on: the git top level above `cwd`, else the nearest folder with `.agent-context/`. */
export async function findRepositoryRoot(cwd: string): Promise<string> {
  const { gitTopLevel } = await import('../shared/git.js');
  const top = await gitTopLevel(cwd);
  if (top) return top;
  let current = resolveAbsolute(cwd);
  for (;;) {
    try {
      await fsp.access(absolutePath(current, '.agent-context'));
      return current;
    } catch {
      const parent = resolveAbsolute(current, '..');
      if (parent === current) return resolveAbsolute(cwd);
      current = parent;
    }
  }
}
