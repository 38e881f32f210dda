/** File-system routes of Next.js (`app/` and `pages/` routers), derived from the path and exports. */
import type { ExportFact, RouteFact } from '../types.js';

const HTTP_METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS']);
const APP_ROUTER = /(?:^|\/)app\/((?:[^/]+\/)*)(page|route)\.[cm]?[jt]sx?$/;
const PAGES_ROUTER = /(?:^|\/)pages\/((?:[^/]+\/)*)([^/]+)\.[cm]?[jt]sx?$/;

export function fileRoutes(path: string, exports: ExportFact[]): RouteFact[] {
  const app = APP_ROUTER.exec(path);
  if (app) return appRoutes(app[1]!, app[2]!, exports);
  const pages = PAGES_ROUTER.exec(path);
  if (pages && exports.some((entry) => entry.name === 'default')) return pagesRoutes(pages[1]!, pages[2]!);
  return [];
}

function appRoutes(directories: string, file: string, exports: ExportFact[]): RouteFact[] {
  const segments = directories
    .split('/')
    .filter((segment) => segment && !/^\(.*\)$/.test(segment) && !segment.startsWith('@'))
    .map(routeSegment);
  const path = `/${segments.join('/')}`;
  if (file === 'page') return [{ method: 'GET', path, framework: 'next-app', line: 1 }];
  return exports
    .filter((entry) => HTTP_METHODS.has(entry.name))
    .map((entry) => ({
      method: entry.name,
      path,
      framework: 'next-app',
      line: entry.line,
      handler: entry.name,
    }));
}

function pagesRoutes(directories: string, name: string): RouteFact[] {
  if (name.startsWith('_')) return [];
  const segments = directories.split('/').filter(Boolean).map(routeSegment);
  if (name !== 'index') segments.push(routeSegment(name));
  const isApi = directories.startsWith('api/') || (directories === '' && name === 'api');
  return [
    { method: isApi ? 'ALL' : 'GET', path: `/${segments.join('/')}`, framework: 'next-pages', line: 1 },
  ];
}

function routeSegment(segment: string): string {
  const optionalCatchAll = /^\[\[\.\.\.(.+)\]\]$/.exec(segment);
  if (optionalCatchAll) return `*${optionalCatchAll[1]}?`;
  const catchAll = /^\[\.\.\.(.+)\]$/.exec(segment);
  if (catchAll) return `*${catchAll[1]}`;
  const dynamic = /^\[(.+)\]$/.exec(segment);
  return dynamic ? `:${dynamic[1]}` : segment;
}
