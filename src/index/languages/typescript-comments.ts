/** Comments in JavaScript and TypeScript source: their spans, their text, blank runs between them. */

export interface SourceComment {
  type: 'Line' | 'Block';
  start: number;
  end: number;
}

/** The text inside a comment, without its delimiters. */
export function commentValue(text: string, comment: SourceComment): string {
  return text.slice(comment.start + 2, comment.type === 'Line' ? comment.end : comment.end - 2);
}

/** `text.slice(from, to).trim() === ''` without copying the slice. */
export function isBlank(text: string, from: number, to: number): boolean {
  for (let index = from; index < to; index++) if (!isWhiteSpace(text.charCodeAt(index))) return false;
  return true;
}

/** What `String.prototype.trim` removes: ECMAScript WhiteSpace and LineTerminator. */
function isWhiteSpace(code: number): boolean {
  if (code === 32 || (code >= 9 && code <= 13)) return true;
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}
