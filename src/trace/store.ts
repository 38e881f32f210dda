/**
 * Traces on disk: `.agent-context/traces/<trace-id>.json`. Every append takes the trace's lock,
 * re-reads, and replaces the file atomically, so concurrent writers never lose a step. Each
 * step has a deterministic event id; appending an event that is already there changes nothing.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { OcppError } from '../shared/errors.js';
import { listDirectory, readTextIfExists, withLock, writeJsonAtomic } from '../shared/fs.js';
import { hashValue } from '../shared/hash.js';
import { lineColumnOf, parseJson } from '../shared/json.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { redacted, redactedValue } from '../shared/redact.js';
import { TRACE_SCHEMA_VERSION, type Trace, TraceSchema, type TraceStep } from './types.js';

export type StepDraft = Omit<TraceStep, 'id' | 'eventId'> & { eventId?: string };

export interface StartOptions {
  task: string;
  taskId?: string;
  agent?: Trace['agent'];
  treeHash: string;
  now?: Date;
}

export function tracePath(id: string): string {
  return `${layout.traces}/${id}.json`;
}

export function traceId(task: string, random = randomBytes(3).toString('hex')): string {
  const slug = task
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 32)
    .replace(/-+$/g, '');
  return `tr-${slug || 'task'}-${random}`;
}

export async function startTrace(root: string, options: StartOptions): Promise<Trace> {
  const task = redacted(options.task);
  const id = traceId(task);
  const trace: Trace = {
    schemaVersion: TRACE_SCHEMA_VERSION,
    id,
    task,
    ...(options.taskId ? { taskId: options.taskId } : {}),
    agent: options.agent ?? { name: 'unknown' },
    createdAt: (options.now ?? new Date()).toISOString(),
    startTreeHash: options.treeHash,
    steps: [],
    state: 'open',
  };
  await writeJsonAtomic(absolutePath(root, tracePath(id)), trace);
  return trace;
}

export async function readTrace(root: string, id: string): Promise<Trace> {
  validateId(id);
  const file = tracePath(id);
  const text = await readTextIfExists(absolutePath(root, file));
  if (text === undefined) {
    const known = await listTraceIds(root);
    throw new OcppError('NOT_FOUND', `no trace ${id}`, {
      file,
      hint:
        known.length > 0
          ? `known traces: ${known.slice(-5).join(', ')}`
          : 'start one with `opencode-plusplus trace start "<task>"`',
    });
  }
  return parseTrace(text, file);
}

/** Validates a trace file's text; a newer schema or a malformed file is a clear error, and the file is left as it is. */
export function parseTrace(text: string, file: string): Trace {
  const value = parseJson(text, file) as { schemaVersion?: unknown };
  if (typeof value?.schemaVersion === 'number' && value.schemaVersion > TRACE_SCHEMA_VERSION) {
    throw new OcppError(
      'STATE_VERSION',
      `trace schemaVersion ${value.schemaVersion} is newer than this tool understands (${TRACE_SCHEMA_VERSION})`,
      {
        file,
        hint: 'upgrade opencode-plusplus; the trace was not modified',
      },
    );
  }
  const result = TraceSchema.safeParse(value);
  if (!result.success) throw invalidTrace(result.error, text, file);
  return result.data;
}

function invalidTrace(error: z.ZodError, text: string, file: string): OcppError {
  const issue = error.issues[0]!;
  const key = issue.path.map(String).join('.');
  const step = issue.path[0] === 'steps' && typeof issue.path[1] === 'number' ? issue.path[1] : undefined;
  const offset = step === undefined ? -1 : nthStepOffset(text, step);
  return new OcppError('INPUT_INVALID', `not a valid trace: ${key || '(root)'}: ${issue.message}`, {
    file,
    key,
    ...(offset >= 0 ? lineColumnOf(text, offset) : {}),
    hint: 'the file was kept as it is; fix it by hand or start a new trace',
  });
}

function nthStepOffset(text: string, step: number): number {
  let offset = -1;
  for (let count = 0; count <= step; count++) {
    offset = text.indexOf('"step-', offset + 1);
    if (offset === -1) return -1;
  }
  return offset;
}

/** Appends a step unless an event with the same id is already there; returns the step as stored. */
export async function appendStep(
  root: string,
  id: string,
  rawDraft: StepDraft,
): Promise<{ step: TraceStep; appended: boolean; trace: Trace }> {
  validateId(id);
  const target = absolutePath(root, tracePath(id));
  // Messages, argv, output tails, test names: a step is stored (and shown) with its secrets masked.
  const draft = redactedValue(rawDraft);
  return withLock(
    target,
    async () => {
      const trace = await readTrace(root, id);
      const eventId = draft.eventId ?? eventIdOf(draft);
      const existing = trace.steps.find((step) => step.eventId === eventId);
      if (existing) return { step: existing, appended: false, trace };
      const step = {
        ...draft,
        eventId,
        id: `step-${String(trace.steps.length + 1).padStart(3, '0')}`,
      } as TraceStep;
      trace.steps.push(step);
      await writeJsonAtomic(target, trace);
      return { step, appended: true, trace };
    },
    { purpose: `another writer of trace ${id}` },
  );
}

export async function closeTrace(
  root: string,
  id: string,
  final: NonNullable<Trace['final']>,
): Promise<Trace> {
  const target = absolutePath(root, tracePath(id));
  return withLock(target, async () => {
    const trace = await readTrace(root, id);
    trace.state = 'closed';
    trace.final = final;
    await writeJsonAtomic(target, trace);
    return trace;
  });
}

/** The identity of an event: what it says and on which tree, not when it was appended. */
export function eventIdOf(draft: StepDraft): string {
  const { at: _at, eventId: _eventId, ...identity } = draft as StepDraft & { at?: string };
  return `ev-${hashValue(identity).slice(0, 16)}`;
}

export async function listTraceIds(root: string): Promise<string[]> {
  return (await listDirectory(absolutePath(root, layout.traces)))
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -5))
    .sort();
}

function validateId(id: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,120}$/.test(id) || id.includes('..')) {
    throw new OcppError('USAGE', `not a trace id: ${JSON.stringify(id)}`, {
      hint: 'ids look like tr-fix-the-parser-1a2b3c',
    });
  }
}
