/**
 * Facts read from the text of a JavaScript or TypeScript file rather than its syntax tree:
 * `require('x')` calls, express-style route registrations and environment reads. Matches inside
 * comments are dropped; the comment list comes from whichever parser read the file.
 */
import type { LineMap } from '../lines.js';
import type { FileFacts, ImportFact, RouteFact } from '../types.js';
import type { SourceComment } from './typescript-comments.js';

const REQUIRE_CALL = /(?<![.\w$])require\s*\(\s*(['"`])([^'"`\n$]+)\1\s*\)/g;

export function collectRequires(text: string, lines: LineMap, comments: SourceComment[]): ImportFact[] {
  const imports: ImportFact[] = [];
  if (!text.includes('require')) return imports;
  for (const match of text.matchAll(REQUIRE_CALL)) {
    if (insideComment(comments, match.index)) continue;
    // keys in sorted order, as the index stores them
    imports.push({
      kind: 'require',
      line: lines.lineOf(match.index),
      names: ['*'],
      specifier: match[2]!,
      typeOnly: false,
    });
  }
  return imports;
}

const ROUTE_FRAMEWORKS: Array<[RegExp, string]> = [
  [/^express$/, 'express'],
  [/^(@koa\/router|koa-router)$/, 'koa-router'],
  [/^hono(\/|$)/, 'hono'],
  [/^fastify$/, 'fastify'],
];

const ROUTE_CALL =
  /(?<![\w$])([A-Za-z_$][\w$]*)\s*\.\s*(get|post|put|patch|delete|del|head|options|all|use)\s*\(\s*(['"`])(\/[^'"`\n]*)\3/g;

/** `app.get('/x', ...)` and the like, in files that import a router framework. */
export function collectCallRoutes(
  text: string,
  lines: LineMap,
  comments: SourceComment[],
  imports: ImportFact[],
): RouteFact[] {
  const framework = imports
    .map((entry) => ROUTE_FRAMEWORKS.find(([pattern]) => pattern.test(entry.specifier))?.[1])
    .find((name) => name !== undefined);
  if (!framework) return [];
  const routes: RouteFact[] = [];
  for (const match of text.matchAll(ROUTE_CALL)) {
    if (insideComment(comments, match.index)) continue;
    const verb = match[2]!.toUpperCase();
    const method = verb === 'DEL' ? 'DELETE' : verb;
    routes.push({ framework, line: lines.lineOf(match.index), method, path: match[4]! });
  }
  return routes;
}

const ENV_READ =
  /process\.env(?:\.([A-Z_][A-Z0-9_]*)|\[\s*['"]([A-Za-z_][\w]*)['"]\s*\])|import\.meta\.env\.([A-Z_][A-Z0-9_]*)/g;

export function collectEnvironmentReads(
  text: string,
  lines: LineMap,
  comments: SourceComment[],
): FileFacts['env'] {
  const reads: FileFacts['env'] = [];
  if (!text.includes('.env')) return reads;
  for (const match of text.matchAll(ENV_READ)) {
    if (insideComment(comments, match.index)) continue;
    const name = match[1] ?? match[2] ?? match[3];
    if (name) reads.push({ line: lines.lineOf(match.index), name });
  }
  return reads;
}

function insideComment(comments: SourceComment[], offset: number): boolean {
  let low = 0;
  let high = comments.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const comment = comments[middle]!;
    if (offset < comment.start) high = middle - 1;
    else if (offset >= comment.end) low = middle + 1;
    else return true;
  }
  return false;
}
