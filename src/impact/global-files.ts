/**
 * Files that affect everything below their folder: lockfiles and manifests, compiler and test
 * runner configs, test setup files, `.env*` — as vitest's `forceRerunTriggers`, Nx's and
 * Turborepo's global inputs treat them. A change to one re-runs every test in its scope.
 */
import { isLockfile, isManifest } from '../scan/file-kinds.js';
import { globMatcher } from '../shared/glob.js';
import { directoryOf } from '../shared/path.js';

export interface GlobalTrigger {
  file: string;
  reason: string;
  /** Folder whose tests it affects (`''`: the whole repository). */
  scope: string;
}

/** Workspace files that change what every package installs, beside the dependency manifests. */
const WORKSPACE_FILES = /(^|\/)pnpm-workspace\.yaml$/;

const TRIGGERS: Array<[{ test(path: string): boolean }, string]> = [
  [{ test: isLockfile }, 'lockfile: installed dependencies change'],
  [
    { test: (path) => isManifest(path) || WORKSPACE_FILES.test(path) },
    'manifest: dependencies or scripts change',
  ],
  [
    /(^|\/)(tsconfig[^/]*\.json|jsconfig\.json|\.babelrc[^/]*|babel\.config\.[^/]+|\.swcrc)$/,
    'compiler config: every file compiles differently',
  ],
  [
    /(^|\/)(vitest|vite|jest|playwright)(\.[\w-]+)*\.config(\.[\w-]+)*\.[cm]?[jt]s$|(^|\/)vitest\.workspace\.[^/]+$|(^|\/)\.mocharc[^/]*$|(^|\/)(pytest\.ini|tox\.ini|conftest\.py)$|(^|\/)\.cargo\/config[^/]*$/,
    'test runner config: every test runs differently',
  ],
  [
    /(^|\/)(setup-?tests|test-?setup|vitest\.setup|jest\.setup)\.[cm]?[jt]sx?$|(^|\/)tests?\/setup\.[cm]?[jt]sx?$/,
    'test setup file: every test loads it',
  ],
  [/(^|\/)\.env(\.[^/]+)?$/, 'environment file: configuration of every run'],
];

/** Why `path` affects everything in its folder, or undefined. `extra` are the test contract's own triggers. */
export function globalTriggerOf(path: string, extra: readonly string[] = []): GlobalTrigger | undefined {
  for (const [pattern, reason] of TRIGGERS)
    if (pattern.test(path)) return { file: path, reason, scope: directoryOf(path) };
  if (extra.length > 0 && globMatcher(extra)(path))
    return { file: path, reason: 'listed in test.contract.json forceRerunTriggers', scope: '' };
  return undefined;
}

export function inScope(path: string, scope: string): boolean {
  return scope === '' || path.startsWith(`${scope}/`);
}
