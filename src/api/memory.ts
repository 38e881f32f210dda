/**
 * The lesson store as one-shot calls; each returns what `memory <verb> --json` prints.
 * Limits (lesson size, approval policy) come from the repository's config.
 */
import { loadConfig } from '../config/load.js';
import { normalizeLessonId, parseLessonKind } from '../memory/lesson-file.js';
import {
  type AddLessonResult,
  addLesson,
  forgetLesson,
  type LessonView,
  lessonViews,
  type MemoryProblem,
  readMemory,
  showLesson,
} from '../memory/lesson-store.js';
import {
  approveProposal,
  listProposals,
  normalizeProposalId,
  type Proposal,
  proposeSkill,
  rejectProposal,
} from '../memory/proposals.js';
import { findRelevantLessons, type RelevantLesson, serveLessons } from '../memory/relevance.js';
import { readServed, type ServedRecord } from '../memory/served.js';
import { inputError, OcppError } from '../shared/errors.js';
import { resolveAbsolute } from '../shared/path.js';

export interface MemoryListing {
  lessons: LessonView[];
  proposals: Proposal[];
  /** Hash of MEMORY.md as read: pass it to `memory add --expect-hash` to refuse writes on a moved index. */
  indexHash: string;
  problems: MemoryProblem[];
}

export async function memoryList(directory = '.', options: { all?: boolean } = {}): Promise<MemoryListing> {
  const root = resolveAbsolute(directory);
  const snapshot = await readMemory(root);
  const proposals = await listProposals(root);
  return {
    lessons: lessonViews(snapshot, options.all),
    proposals: options.all
      ? proposals
      : proposals.filter((proposal) => proposal.status === 'pending' || proposal.status === 'quarantined'),
    indexHash: snapshot.indexHash,
    problems: snapshot.problems,
  };
}

export type MemoryItem = { type: 'lesson'; lesson: LessonView } | { type: 'proposal'; proposal: Proposal };

/** A lesson (`L-0007`) or a proposal (`P-0002`). */
export async function memoryShow(id: string, directory = '.'): Promise<MemoryItem> {
  const root = resolveAbsolute(directory);
  if (/^p-?\d+$/i.test(id.trim())) {
    const wanted = normalizeProposalId(id);
    const proposal = (await listProposals(root)).find((candidate) => candidate.id === wanted);
    if (!proposal) {
      throw new OcppError('NOT_FOUND', `no proposal ${wanted}`, {
        hint: 'list proposals with `memory list --all`',
      });
    }
    return { type: 'proposal', proposal };
  }
  return { type: 'lesson', lesson: await showLesson(root, normalizeLessonId(id)) };
}

export interface MemorySearchResult {
  query: string;
  paths: string[];
  lessons: RelevantLesson[];
}

export async function memorySearch(
  query: string,
  directory = '.',
  options: { paths?: string[]; limit?: number } = {},
): Promise<MemorySearchResult> {
  const root = resolveAbsolute(directory);
  const paths = options.paths ?? [];
  if (!query.trim() && paths.length === 0) throw inputError('search needs words or --path');
  const lessons = await findRelevantLessons(root, { task: query, paths, limit: options.limit ?? 20 });
  return { query, paths, lessons };
}

export interface MemoryAddOptions {
  kind?: string;
  scope?: string[];
  /** File a skill proposal with this title instead of a lesson. */
  proposal?: string;
  /** Refuse when MEMORY.md's hash is no longer this one (from `memory list --json`). */
  expectHash?: string;
  session?: string;
  now?: Date;
}

export type MemoryAddResult =
  | ({ type: 'lesson' } & AddLessonResult)
  | { type: 'proposal'; proposal: Proposal };

export async function memoryAdd(
  text: string,
  directory = '.',
  options: MemoryAddOptions = {},
): Promise<MemoryAddResult> {
  const root = resolveAbsolute(directory);
  const { config } = await loadConfig(root);
  const clock = options.now ? { now: options.now } : {};
  if (options.proposal !== undefined) {
    const proposal = await proposeSkill(
      root,
      { title: options.proposal, procedure: text, source: options.session ?? 'cli' },
      { approvalPolicy: config.memory.approvalPolicy, ...clock },
    );
    return { type: 'proposal', proposal };
  }
  const result = await addLesson(
    root,
    {
      text,
      ...(options.kind === undefined ? {} : { kind: parseLessonKind(options.kind) }),
      scope: options.scope ?? [],
      source: { session: options.session ?? 'cli' },
    },
    {
      maxChars: config.memory.maxLessonChars,
      ...(options.expectHash ? { basedOn: { indexHash: options.expectHash } } : {}),
      ...clock,
    },
  );
  return { type: 'lesson', ...result };
}

export async function memoryApprove(
  id: string,
  directory = '.',
  options: { force?: boolean } = {},
): Promise<Proposal> {
  return approveProposal(resolveAbsolute(directory), normalizeProposalId(id), options);
}

export async function memoryReject(id: string, reason: string, directory = '.'): Promise<Proposal> {
  return rejectProposal(resolveAbsolute(directory), normalizeProposalId(id), reason);
}

export async function memoryForget(id: string, reason: string, directory = '.'): Promise<LessonView> {
  return (await forgetLesson(resolveAbsolute(directory), normalizeLessonId(id), reason)).lesson;
}

export interface MemoryServedResult {
  records: ServedRecord[];
}

export async function memoryServed(
  directory = '.',
  options: { lesson?: string; session?: string; limit?: number } = {},
): Promise<MemoryServedResult> {
  const lesson = options.lesson ? normalizeLessonId(options.lesson) : undefined;
  const records = await readServed(resolveAbsolute(directory), {
    ...(lesson ? { lesson } : {}),
    ...(options.session ? { session: options.session } : {}),
    ...(options.limit ? { limit: options.limit } : {}),
  });
  return { records };
}

/** Lessons for a session (all of them, most relevant first) recorded as served: what a SessionStart hook shows. */
export async function memoryServe(
  directory: string,
  request: { via: string; target: string; session?: string; limit?: number },
): Promise<RelevantLesson[]> {
  return serveLessons(resolveAbsolute(directory), request);
}
