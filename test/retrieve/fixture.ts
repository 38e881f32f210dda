/** A small TypeScript project with a retry module, its caller, tests, docs and config. */
import type { FileTree } from '../helpers/repo.js';

export const retryProject: FileTree = {
  'package.json': JSON.stringify({
    name: 'fetchy',
    type: 'module',
    main: 'dist/index.js',
    scripts: { test: 'vitest run', build: 'tsc' },
  }),
  'package-lock.json': '{}',
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true } }),
  'README.md': '# fetchy\n\nA tiny HTTP client with retries.\n',
  'CHANGELOG.md': '# Changelog\n\n- retry timeout fixed\n- abort retry fixed\n- timeout when aborted\n',
  'src/index.ts': "export { request } from './http/client.js';\nexport { abortRetry } from './retry.js';\n",
  'src/retry.ts': [
    '/** Retries a failed request with backoff; a retry can be aborted. */',
    'export interface RetryOptions {',
    '  attempts: number;',
    '  timeoutMs: number;',
    '}',
    '',
    '/** Stops the pending retry and clears its timeout. */',
    'export function abortRetry(handle: { timer?: NodeJS.Timeout }): void {',
    '  if (handle.timer) clearTimeout(handle.timer);',
    '}',
    '',
    'export async function withRetry<T>(action: () => Promise<T>, options: RetryOptions): Promise<T> {',
    '  let lastError: unknown;',
    '  for (let attempt = 0; attempt < options.attempts; attempt++) {',
    '    try {',
    '      return await action();',
    '    } catch (error) {',
    '      lastError = error;',
    '      await new Promise((resolve) => setTimeout(resolve, options.timeoutMs));',
    '    }',
    '  }',
    '  throw lastError;',
    '}',
    '',
  ].join('\n'),
  'src/http/client.ts': [
    "import { withRetry } from '../retry.js';",
    "import { joinUrl } from '../util/url.js';",
    '',
    '/** Sends a request, retrying failures. */',
    'export async function request(base: string, path: string): Promise<string> {',
    '  return withRetry(async () => joinUrl(base, path), { attempts: 3, timeoutMs: 100 });',
    '}',
    '',
  ].join('\n'),
  'src/util/url.ts':
    "/** Joins a base URL and a path. */\nexport function joinUrl(base: string, path: string): string {\n  return base.replace(/\\/$/, '') + '/' + path.replace(/^\\//, '');\n}\n",
  'src/util/headers.ts':
    "/** Header helpers. */\nexport function normalizeHeader(name: string): string {\n  if (!name) throw new Error('empty header name');\n  return name.toLowerCase();\n}\n",
  'test/retry.test.ts':
    "import { abortRetry, withRetry } from '../src/retry.js';\n// aborting a retry clears the timeout\nabortRetry({});\nvoid withRetry;\n",
  'test/headers.test.ts':
    "import { normalizeHeader } from '../src/util/headers.js';\n// should reject an empty header name with a clear message\nnormalizeHeader('X');\n",
  'scripts/release.py':
    'import os\n\nclass ReleaseNotes:\n    def collect_changes(self, since):\n        """Collect the changes since a tag."""\n        return os.popen("git log").read()\n',
};
