/**
 * The prose of a changed line of code: a string literal of several words (an error or warning
 * message, help text) says what the program tells its reader, not which names it uses. Its words
 * are a message's (they count for a test whose own messages hold them), never a name the change
 * removed, nor a part of a changed identifier. A literal of one word (`'esbuild'`, `"utf-8"`, an
 * event's name) stays code, and so does a word of a message spelled as a name (`AtomicLongArray`).
 */
import { languageOf } from '../scan/classify.js';
import { COMMENT_LEXIS } from './block-comments.js';
import { type Lexis, skipLiteral } from './cases/blocks.js';

/** The languages whose string literals are read, by the lexis that finds them; Python's quotes are JavaScript's. */
const STRING_LEXIS: Readonly<Record<string, Lexis>> = { ...COMMENT_LEXIS, python: 'js' };
const QUOTES = new Set(['"', "'", '`']);
/** Two words with space between them: a sentence, not a name. */
const SEVERAL_WORDS = /[A-Za-z]\S*\s+\S*[A-Za-z]/;
/** An interpolation in a template literal (`${name}`) is code inside the prose. */
const INTERPOLATION = /\$\{([^}]*)\}/g;
/** A word of a message spelled as code spells names (`AtomicLongArray`, `tmp_path`, `isTTY`) names code: it is no prose. */
const NAME_LIKE = /[A-Za-z_$][\w$]*/g;
const SPELLED_AS_CODE = /[a-z][A-Z]|[A-Za-z]_[A-Za-z]|[A-Z]{2}[a-z]/;

export interface LineText {
  /** The line with its messages taken out. */
  code: string;
  /** The messages' text, interpolations left out. */
  prose: string;
}

/** A changed line split into its code and the prose of its multi-word string literals. */
export function splitProse(path: string, line: string): LineText {
  const lexis = STRING_LEXIS[languageOf(path)];
  if (!lexis) return { code: line, prose: '' };
  let code = '';
  const prose: string[] = [];
  for (let index = 0; index < line.length; index++) {
    const end = skipLiteral(line, index, lexis);
    if (end <= index || !QUOTES.has(line[index]!)) {
      code += line.slice(index, Math.max(end, index + 1));
      index = Math.max(end, index + 1) - 1;
      continue;
    }
    const content = line.slice(index + 1, end - 1);
    if (SEVERAL_WORDS.test(content)) {
      prose.push(content.replace(INTERPOLATION, ' '));
      code += ` ${namesIn(content).join(' ')} `;
    } else code += line.slice(index, end);
    index = end - 1;
  }
  return { code, prose: prose.join('\n') };
}

/** The code inside a message: its interpolations, and the words it spells as names. */
function namesIn(content: string): string[] {
  const interpolated = [...content.matchAll(INTERPOLATION)].map((match) => match[1]!);
  const spelled = (content.replace(INTERPOLATION, ' ').match(NAME_LIKE) ?? []).filter((word) =>
    SPELLED_AS_CODE.test(word),
  );
  return [...interpolated, ...spelled];
}
