/**
 * Served and ignored: the person had to say again what a lesson served at the start already said.
 * Matched by the lesson's id, or by the words the person used against the lesson's words — its
 * terms, the same file or tool — weighed by how much of what they said the lesson covers and by
 * whether they point at the lessons ("it's in your notes", "again", "the third time"). The id is
 * named and nothing is captured again. A lesson the agent broke and fixed by itself, without a word
 * from the person, is never "ignored": only steering is matched.
 */
import { termsOf } from '../../memory/relevance.js';
import type { ServedLessonMention } from '../transcripts/types.js';
import { TIME_LIMITED } from './patterns.js';

/** Words too common in instructions about code to tie a message to one lesson. */
const GENERIC = new Set(
  termsOf(
    'src lib live lives app apps thing things way time times first last like same right want need still again now there here it is that one ones under above below over work works working change changes changed fix fixes fixed done call calls top bottom place put keep kept take look make sure good bad real really something anything everything nothing another always never value values data name names case line lines part',
  ),
);

/** The person points at what they were told before. */
const POINTS_AT_LESSONS =
  /\b(?:(?:in|from|at the top of|one of) (?:the |your |my )?(?:lessons?|notes|memory|instructions|agents\.md|claude\.md|context)|lessons? you (?:were|got)|you were (?:given|told|served)|your (?:lessons|notes|instructions)|(?:I|we) (?:already )?told you|as I (?:said|told you)|I keep (?:saying|telling))\b/i;
const SAYS_AGAIN =
  /\bagain\b|\b(?:second|third|fourth|fifth|nth|umpteenth) time\b|\bhow many times\b|\bonce more\b/i;

/** The served lessons this message repeats (usually one), best match first. */
export function repeatedServedLessons(text: string, line: number, served: ServedLessonMention[]): string[] {
  const before = served.filter((lesson) => lesson.line < line);
  const named = before.filter((lesson) => text.includes(lesson.id)).map((lesson) => lesson.id);
  if (named.length > 0) return named;
  if (TIME_LIMITED.test(text)) return [];
  const said = distinctiveTerms(text);
  if (said.size === 0) return [];
  const scored = before
    .map((lesson) => ({ id: lesson.id, shared: sharedCount(said, distinctiveTerms(lesson.text)) }))
    .filter((candidate) => repeats(candidate.shared, said.size, text));
  const best = Math.max(0, ...scored.map((candidate) => candidate.shared));
  return scored.filter((candidate) => candidate.shared === best).map((candidate) => candidate.id);
}

function repeats(shared: number, said: number, text: string): boolean {
  if (shared === 0) return false;
  if (POINTS_AT_LESSONS.test(text)) return true;
  if (said <= 2) return true;
  if (shared >= 2 && SAYS_AGAIN.test(text)) return true;
  return shared >= 3 && shared / said >= 0.3;
}

function distinctiveTerms(text: string): Set<string> {
  return new Set(termsOf(text.replace(/`/g, ' ')).filter((term) => !GENERIC.has(term)));
}

function sharedCount(left: Set<string>, right: Set<string>): number {
  let shared = 0;
  for (const term of left) if (right.has(term)) shared += 1;
  return shared;
}
