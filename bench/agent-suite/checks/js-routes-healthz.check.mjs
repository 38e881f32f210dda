// Hidden check for js-routes-healthz: the route is in routes.json (the source of truth) and the
// generated table is exactly what the generator makes of it (no hand edit of the generated file).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const cwd = process.cwd();
const routes = JSON.parse(readFileSync(`${cwd}/routes.json`, 'utf8'));
if (
  !routes.some((route) => route.method === 'GET' && route.path === '/healthz' && route.handler === 'health')
)
  throw new Error('routes.json has no GET /healthz -> health route');
const committed = readFileSync(`${cwd}/src/routes.generated.js`, 'utf8');
execFileSync('node', ['scripts/gen-routes.mjs'], { cwd });
const regenerated = readFileSync(`${cwd}/src/routes.generated.js`, 'utf8');
if (committed !== regenerated)
  throw new Error('src/routes.generated.js differs from what the generator writes');
const { dispatch } = await import(pathToFileURL(`${cwd}/src/router.js`).href);
const response = dispatch('GET', '/healthz');
if (response.status !== 200 || response.body.ok !== true)
  throw new Error(`GET /healthz answered ${response.status}`);
console.log('js-routes-healthz: passed');
