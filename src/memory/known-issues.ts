/**
 * `known-issues.json`: the regression guard's memory of bugs that were fixed and must stay fixed.
 * Each issue has a signature (file globs, symbols, error text patterns) that says when a change
 * touches it, and the anti-regression test that guards it. Typed read and write; writes go
 * through the store's transaction (lock, drift check, secret scan) like every memory file.
 */
import { z } from 'zod';
import { inputError, OcppError } from '../shared/errors.js';
import { formatJsonFile, parseJson } from '../shared/json.js';
import {
  dateOf,
  type MemoryOptions,
  type MemoryTransaction,
  memoryFiles,
  memoryPath,
  memoryReader,
  withMemory,
} from './store.js';

export const KNOWN_ISSUES_SCHEMA_VERSION = 1;
const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date YYYY-MM-DD');

export const KnownIssueSignatureSchema = z.strictObject({
  /** Posix globs of the files involved. */
  paths: z.array(z.string().min(1)).default([]),
  /** Symbols (functions, classes, exports) involved. */
  symbols: z.array(z.string().min(1)).default([]),
  /** Regular expressions (as strings) matching the error text the bug produced. */
  errorPatterns: z.array(z.string().min(1)).default([]),
});

export const KnownIssueSchema = z.strictObject({
  id: z.string().regex(/^KI-\d{4,}$/, 'an id like KI-0001'),
  title: z.string().min(1),
  status: z.enum(['open', 'fixed']).default('fixed'),
  signature: KnownIssueSignatureSchema.prefault({}),
  /** The test that fails if the bug comes back. */
  test: z
    .strictObject({ file: z.string().min(1), name: z.string().optional(), command: z.string().optional() })
    .nullable()
    .default(null),
  firstSeen: date,
  lastSeen: date,
  fix: z.strictObject({ commit: z.string().optional(), description: z.string().optional() }).optional(),
  notes: z.string().optional(),
});

export type KnownIssue = z.output<typeof KnownIssueSchema>;
export type KnownIssueSignature = z.output<typeof KnownIssueSignatureSchema>;
export type NewKnownIssue = Omit<z.input<typeof KnownIssueSchema>, 'id' | 'firstSeen' | 'lastSeen'> & {
  firstSeen?: string;
  lastSeen?: string;
};

const KnownIssuesFileSchema = z.strictObject({
  schemaVersion: z.literal(KNOWN_ISSUES_SCHEMA_VERSION),
  issues: z.array(KnownIssueSchema),
});

const FILE = memoryPath(memoryFiles.knownIssues);

export function parseKnownIssues(text: string | undefined): KnownIssue[] {
  if (text === undefined) return [];
  const value = parseJson(text, FILE) as { schemaVersion?: unknown };
  if (typeof value?.schemaVersion === 'number' && value.schemaVersion > KNOWN_ISSUES_SCHEMA_VERSION) {
    throw new OcppError(
      'STATE_VERSION',
      `schemaVersion ${value.schemaVersion} is newer than this tool understands (${KNOWN_ISSUES_SCHEMA_VERSION})`,
      {
        file: FILE,
        hint: 'upgrade opencode-plusplus',
      },
    );
  }
  const result = KnownIssuesFileSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const key = issue.path.join('.');
    throw inputError(`${key || '(root)'}: ${issue.message}`, { file: FILE, key });
  }
  return result.data.issues;
}

export function renderKnownIssues(issues: KnownIssue[]): string {
  const sorted = [...issues].sort((a, b) => Number(a.id.slice(3)) - Number(b.id.slice(3)));
  return formatJsonFile({ schemaVersion: KNOWN_ISSUES_SCHEMA_VERSION, issues: sorted });
}

export async function readKnownIssues(root: string): Promise<KnownIssue[]> {
  return parseKnownIssues(await memoryReader(root).read(memoryFiles.knownIssues));
}

async function update<T>(
  root: string,
  options: MemoryOptions,
  change: (issues: KnownIssue[], transaction: MemoryTransaction) => { issues: KnownIssue[]; result: T },
): Promise<T> {
  return withMemory(
    root,
    async (transaction) => {
      const issues = parseKnownIssues(await transaction.read(memoryFiles.knownIssues));
      const next = change(issues, transaction);
      await transaction.write(memoryFiles.knownIssues, renderKnownIssues(next.issues));
      return next.result;
    },
    options,
  );
}

function validated(candidate: unknown): KnownIssue {
  const result = KnownIssueSchema.safeParse(candidate);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw inputError(`known issue ${issue.path.join('.')}: ${issue.message}`, { key: issue.path.join('.') });
}

/** Records a known issue with the next `KI-NNNN` id; first and last seen default to today. */
export async function addKnownIssue(
  root: string,
  input: NewKnownIssue,
  options: MemoryOptions = {},
): Promise<KnownIssue> {
  return update(root, options, (issues, transaction) => {
    const next = Math.max(0, ...issues.map((issue) => Number(issue.id.slice(3)))) + 1;
    const today = dateOf(transaction.now);
    const issue = validated({
      firstSeen: today,
      lastSeen: today,
      ...input,
      id: `KI-${String(next).padStart(4, '0')}`,
    });
    return { issues: [...issues, issue], result: issue };
  });
}

/** Changes fields of one known issue (not its id); `lastSeen` moves only when given. */
export async function updateKnownIssue(
  root: string,
  id: string,
  patch: Partial<Omit<KnownIssue, 'id'>>,
  options: MemoryOptions = {},
): Promise<KnownIssue> {
  return update(root, options, (issues) => {
    const index = issues.findIndex((issue) => issue.id === id);
    if (index === -1) throw new OcppError('NOT_FOUND', `no known issue ${id} in ${FILE}`);
    const issue = validated({ ...issues[index], ...patch, id });
    return { issues: issues.map((existing, at) => (at === index ? issue : existing)), result: issue };
  });
}

/** The issue was seen again (a check touched its signature): `lastSeen` becomes today. */
export async function markKnownIssueSeen(
  root: string,
  id: string,
  options: MemoryOptions = {},
): Promise<KnownIssue> {
  return updateKnownIssue(root, id, { lastSeen: dateOf(options.now ?? new Date()) }, options);
}

export async function removeKnownIssue(root: string, id: string, options: MemoryOptions = {}): Promise<void> {
  await update(root, options, (issues) => {
    if (!issues.some((issue) => issue.id === id))
      throw new OcppError('NOT_FOUND', `no known issue ${id} in ${FILE}`);
    return { issues: issues.filter((issue) => issue.id !== id), result: undefined };
  });
}
