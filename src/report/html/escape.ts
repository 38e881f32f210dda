/** Everything in the report comes from an untrusted repository: text and attributes are escaped here. */

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** JSON inside `<script type="application/json">`: no `</script>`, no `<!--`, no line separators. */
export function scriptJson(json: string): string {
  return json
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

type Attributes = Record<string, string | undefined>;

/** Elements that have no end tag. */
const VOID = new Set(['input', 'meta', 'br', 'img']);

/** A tag with escaped attributes (an empty value is a bare attribute) and already-escaped inner HTML. */
export function tag(name: string, attributes: Attributes, inner = ''): string {
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([key, value]) => (value === '' ? ` ${key}` : ` ${key}="${escapeHtml(value)}"`))
    .join('');
  return VOID.has(name) ? `<${name}${attrs}>` : `<${name}${attrs}>${inner}</${name}>`;
}

/** `<tag>text</tag>` with the text escaped. */
export function text(name: string, content: string, attributes: Attributes = {}): string {
  return tag(name, attributes, escapeHtml(content));
}
