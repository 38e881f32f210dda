/** URL slugs from titles: lower case, ASCII letters and digits, words joined by a separator. */

const COMBINING_MARKS = /[\u0300-\u036f]/g;

export function slugify(text, { separator = '-' } = {}) {
  return text
    .normalize('NFKD')
    .replace(COMBINING_MARKS, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^${escape(separator)}+|${escape(separator)}+$`, 'g'), '');
}

function escape(text) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
