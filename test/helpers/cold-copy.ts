/** What tests compare an incremental refresh with: a cold build of a copy, and the bytes a build wrote. */
import { cpSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { makeTempDir } from './repo.js';

/**
 * A copy of the work tree and its git folder under the same folder name (the name is in the
 * outputs), without generated context; the contracts come along (inferred once, then the
 * repository's own: a build never rewrites them).
 */
export function coldCopy(root: string): string {
  const copy = join(makeTempDir(), basename(root));
  const generated = (source: string) =>
    source.includes('.agent-context') &&
    !source.endsWith('.agent-context') &&
    !source.includes('.agent-context/contracts');
  cpSync(root, copy, { recursive: true, filter: (source) => !generated(source) });
  return copy;
}

/** The manifest and every output it lists, as text. */
export function writtenContext(root: string): Record<string, string> {
  const manifestText = readFileSync(join(root, '.agent-context/manifest.json'), 'utf8');
  const outputs = JSON.parse(manifestText).outputs as Record<string, string>;
  const files: Record<string, string> = { '.agent-context/manifest.json': manifestText };
  for (const path of Object.keys(outputs)) files[path] = readFileSync(join(root, path), 'utf8');
  return files;
}
