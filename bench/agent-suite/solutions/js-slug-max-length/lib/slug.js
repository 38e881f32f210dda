/** URL slugs from titles: lower case, ASCII letters and digits, words joined by a separator. */

const COMBINING_MARKS = /[\u0300-\u036f]/g;

export function slugify(text, { separator = '-', maxLength } = {}) {
  const words = text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  if (maxLength === undefined) return words.join(separator);
  let slug = '';
  for (const word of words) {
    const next = slug ? `${slug}${separator}${word}` : word;
    if (next.length > maxLength) return slug || word.slice(0, maxLength);
    slug = next;
  }
  return slug;
}
