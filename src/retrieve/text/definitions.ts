/**
 * Definitions seen line by line, for files the index has no parser for (Python, Go, Ruby, ...
 * until their adapters land) and for the definitions a parser's top-level view misses in
 * JavaScript (`res.send = function send()`, methods of an exported object literal). They feed
 * the symbol field of lexical search, mention matching and pack skeletons.
 */

export interface LexicalDefinition {
  name: string;
  line: number;
  /** The defining line, whitespace collapsed, cut to 160 characters. */
  signature: string;
  /** `res` in `res.send = function`, the class of an indented `def`. */
  container?: string;
}

const KEYWORDS = new Set([
  'if',
  'for',
  'while',
  'switch',
  'catch',
  'function',
  'return',
  'with',
  'elif',
  'else',
  'try',
  'do',
  'new',
  'typeof',
  'await',
]);

interface LinePattern {
  regex: RegExp;
  /** Group holding the name; `container` group when there is one. */
  name: number;
  container?: number;
}

const PATTERNS: LinePattern[] = [
  // def name( / class Name / function name / func (r T) Name / fn name / sub name
  {
    regex:
      /^\s*(?:export\s+)?(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:def|class|function\*?|func|fn|sub|proc|module|struct|trait|enum|interface)\s+(?:\([^)]*\)\s*)?([A-Za-z_$][\w$]*)/,
    name: 1,
  },
  // res.send = function, app.prototype.use = async function, exports.x = (
  {
    regex:
      /^\s*(?:module\.)?([A-Za-z_$][\w$]*)(?:\.prototype)?\.([A-Za-z_$][\w$]*)\s*=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*=>|[A-Za-z_$][\w$]*\s*=>)/,
    name: 2,
    container: 1,
  },
  // object literal or class methods: `  get header() {`, `  async redirect(url) {`
  {
    regex: /^\s{2,8}(?:static\s+)?(?:async\s+)?(?:get\s+|set\s+)?\*?([A-Za-z_$][\w$]*)\s*\([^()]*\)\s*\{\s*$/,
    name: 1,
  },
];

export function lexicalDefinitions(text: string, maxLines = 20_000): LexicalDefinition[] {
  const definitions: LexicalDefinition[] = [];
  const lines = text.split('\n', maxLines);
  let classContainer: { name: string; indent: number } | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (line.length > 400) continue;
    const indent = line.length - line.trimStart().length;
    if (classContainer && indent <= classContainer.indent && line.trim()) classContainer = undefined;
    const found = matchDefinition(line);
    if (!found) continue;
    const definition: LexicalDefinition = {
      name: found.name,
      line: index + 1,
      signature: collapse(line),
    };
    const container = found.container ?? (indent > 0 ? classContainer?.name : undefined);
    if (container) definition.container = container;
    definitions.push(definition);
    if (/^\s*class\s/.test(line)) classContainer = { name: found.name, indent };
  }
  return definitions;
}

function matchDefinition(line: string): { name: string; container?: string } | undefined {
  for (const pattern of PATTERNS) {
    const match = pattern.regex.exec(line);
    if (!match) continue;
    const name = match[pattern.name]!;
    if (KEYWORDS.has(name)) continue;
    const container = pattern.container ? match[pattern.container] : undefined;
    return container && container !== 'exports' ? { name, container } : { name };
  }
  return undefined;
}

function collapse(line: string): string {
  const text = line.replace(/\s+/g, ' ').trim();
  return text.length > 160 ? `${text.slice(0, 159)}…` : text;
}
