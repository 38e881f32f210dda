/**
 * A small, tolerant XML reader: enough for test reports (elements, attributes, text, CDATA,
 * entities, comments, processing instructions). Not a validating parser; malformed input is a
 * clear error with the line.
 */
import { OcppError } from '../../shared/errors.js';
import { lineColumnOf } from '../../shared/json.js';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (match, entity: string) => {
    if (entity.startsWith('#x') || entity.startsWith('#X'))
      return String.fromCodePoint(Number.parseInt(entity.slice(2), 16));
    if (entity.startsWith('#')) return String.fromCodePoint(Number.parseInt(entity.slice(1), 10));
    return ENTITIES[entity.toLowerCase()] ?? match;
  });
}

export function parseXml(text: string, file: string): XmlElement {
  const root: XmlElement = { name: '#document', attributes: {}, children: [], text: '' };
  const stack: XmlElement[] = [root];
  const fail = (message: string, offset: number): never => {
    throw new OcppError('INPUT_INVALID', `not well-formed XML: ${message}`, {
      file,
      ...lineColumnOf(text, offset),
      hint: 'expected a JUnit XML report',
    });
  };
  let position = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (position < text.length) {
    const open = text.indexOf('<', position);
    const textEnd = open === -1 ? text.length : open;
    if (textEnd > position) stack[stack.length - 1]!.text += decodeEntities(text.slice(position, textEnd));
    if (open === -1) break;
    if (text.startsWith('<!--', open)) {
      const end = text.indexOf('-->', open + 4);
      if (end === -1) fail('unterminated comment', open);
      position = end + 3;
    } else if (text.startsWith('<![CDATA[', open)) {
      const end = text.indexOf(']]>', open + 9);
      if (end === -1) fail('unterminated CDATA section', open);
      stack[stack.length - 1]!.text += text.slice(open + 9, end);
      position = end + 3;
    } else if (text.startsWith('<?', open) || text.startsWith('<!', open)) {
      const end = text.indexOf('>', open);
      if (end === -1) fail('unterminated declaration', open);
      position = end + 1;
    } else if (text.startsWith('</', open)) {
      const end = text.indexOf('>', open);
      if (end === -1) fail('unterminated closing tag', open);
      const name = text.slice(open + 2, end).trim();
      const current = stack.pop();
      if (!current || current.name !== name || stack.length === 0) fail(`unexpected </${name}>`, open);
      position = end + 1;
    } else {
      position = readStartTag(text, open, stack, fail);
    }
  }
  if (stack.length !== 1) fail(`<${stack[stack.length - 1]!.name}> is never closed`, text.length);
  const element = root.children[0];
  if (!element) fail('no root element', 0);
  return element!;
}

function readStartTag(
  text: string,
  open: number,
  stack: XmlElement[],
  fail: (message: string, offset: number) => never,
): number {
  const pattern = /<([A-Za-z_][\w:.-]*)((?:\s+[A-Za-z_][\w:.-]*\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;
  pattern.lastIndex = open;
  const match = pattern.exec(text);
  if (!match) fail('malformed start tag', open);
  const element: XmlElement = { name: match![1]!, attributes: {}, children: [], text: '' };
  for (const attribute of match![2]!.matchAll(/([A-Za-z_][\w:.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    element.attributes[attribute[1]!] = decodeEntities(attribute[2] ?? attribute[3] ?? '');
  }
  stack[stack.length - 1]!.children.push(element);
  if (!match![3]) stack.push(element);
  return open + match![0].length;
}

/** Depth-first elements with this name. */
export function findAll(element: XmlElement, name: string, into: XmlElement[] = []): XmlElement[] {
  for (const child of element.children) {
    if (child.name === name) into.push(child);
    findAll(child, name, into);
  }
  return into;
}
