/**
 * A reflection on a session, start to finish, as the detached background process runs it:
 * read the session's counters (where the last reflection stopped), reflect on the transcript
 * since then, save what qualifies to memory (lessons, ignored served lessons, the daily note),
 * write a redacted report for defects of this tool, and record the outcome (saved or barren,
 * under which criteria fingerprint) so the scheduler's backoff sees it. Failures are logged and
 * recorded as failed: a guest never throws at its host.
 */
import { addLesson, recordIgnored } from '../memory/lesson-store.js';
import { recordReflectionOutcome } from '../memory/notes.js';
import { writeFileAtomic } from '../shared/fs.js';
import { sha256 } from '../shared/hash.js';
import { absolutePath } from '../shared/path.js';
import { redactSecrets } from '../shared/redact.js';
import { finishReflection, type ReflectionOutcomeKind } from './scheduler.js';
import { appendHookLog, REPORTS_DIR, updateSession } from './sessions.js';
import type { TranscriptReflectionResult } from './transcript.js';

export interface SaveOptions {
  /** The agent session the transcript belongs to (lessons record it). */
  session: string;
  now?: Date;
}

export interface SavedReflection {
  /** Lesson ids added (or found already stored). */
  saved: Array<{ id: string; text: string; status: 'added' | 'duplicate' }>;
  /** Lessons whose ignored counter was bumped. */
  ignoredCounted: string[];
  /** Defect reports written, repository-relative. */
  reports: string[];
  /** Lessons that could not be written, and why. */
  failures: Array<{ text: string; error: string }>;
  outcome: ReflectionOutcomeKind;
}

export async function saveReflection(
  root: string,
  result: TranscriptReflectionResult,
  options: SaveOptions,
): Promise<SavedReflection> {
  const now = options.now ?? new Date();
  const saved: SavedReflection['saved'] = [];
  const failures: SavedReflection['failures'] = [];
  for (const lesson of result.lessons) {
    try {
      const added = await addLesson(
        root,
        {
          text: lesson.text,
          kind: lesson.kind,
          source: { session: options.session, transcript: result.transcript, lines: [lesson.line] },
        },
        { now },
      );
      saved.push({ id: added.lesson.id, text: added.lesson.text, status: added.status });
    } catch (error) {
      failures.push({ text: lesson.text, error: (error as Error).message });
    }
  }
  let ignoredCounted: string[] = [];
  if (result.servedIgnored.length > 0)
    ignoredCounted = await recordIgnored(root, result.servedIgnored, options.session, { now }).catch(
      (error: Error) => {
        failures.push({ text: `ignored ${result.servedIgnored.join(', ')}`, error: error.message });
        return [];
      },
    );
  const reports =
    result.defects.length > 0 ? [await writeDefectReport(root, result, options.session, now)] : [];
  if (failures.length < result.lessons.length || result.lessons.length === 0)
    await recordReflectionOutcome(
      root,
      {
        source: options.session,
        saved: saved.filter((lesson) => lesson.status === 'added').map(({ id, text }) => ({ id, text })),
        declined: result.declined.map(({ text, reason }) => ({ text, reason })),
        message: result.message,
      },
      { now },
    ).catch((error: Error) => failures.push({ text: 'daily note', error: error.message }));
  const changed = saved.some((lesson) => lesson.status === 'added') || ignoredCounted.length > 0;
  const outcome: ReflectionOutcomeKind =
    failures.length > 0 && !changed ? 'failed' : changed ? 'saved' : 'barren';
  return { saved, ignoredCounted, reports, failures, outcome };
}

/** A redacted report of what looked like a defect in opencode-plusplus; never filed by us. */
async function writeDefectReport(
  root: string,
  result: TranscriptReflectionResult,
  session: string,
  now: Date,
): Promise<string> {
  const body = [
    '# Possible defect in opencode-plusplus',
    '',
    `Seen by a reflection on session ${session} (${result.format} transcript), ${now.toISOString().slice(0, 10)}.`,
    '',
    ...result.defects.map((defect) => `- transcript line ${defect.line}: ${defect.quote}`),
    '',
    'Secrets were masked; read it before sharing. To file it, open an issue in the opencode-plusplus',
    'repository with this text (for example `gh issue create --title "Defect seen in a session" --body-file <this file>`).',
    '',
  ].join('\n');
  const redacted = redactSecrets(body).text;
  const file = `${REPORTS_DIR}/${now.toISOString().slice(0, 10)}-${sha256(`${session}\n${redacted}`).slice(0, 10)}.md`;
  await writeFileAtomic(absolutePath(root, file), redacted);
  return file;
}

/** Records a finished reflection on the session's counters and in the hook log. */
export async function recordFinished(
  root: string,
  session: string,
  outcome: ReflectionOutcomeKind,
  fingerprint: string,
  upToLine: number,
  details: Record<string, unknown> = {},
): Promise<void> {
  await updateSession(root, session, (state) => ({
    state: finishReflection(state, outcome, fingerprint, new Date(), upToLine),
    value: undefined,
  })).catch(async (error: Error) =>
    appendHookLog(root, { event: 'reflection', session, error: error.message }),
  );
  await appendHookLog(root, { event: 'reflection-finished', session, outcome, fingerprint, ...details });
}
