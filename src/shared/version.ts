import { readFileSync } from 'node:fs';

export const TOOL_NAME = 'opencode-plusplus';

let cached: string | undefined;

/** The version in this package's package.json. */
export function toolVersion(): string {
  if (cached === undefined) {
    const manifest = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    cached = manifest.version;
  }
  return cached;
}
