/** Every generated file's bytes under a built repository (caches and build info excluded: they record how, not what). */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function contextOutputs(root: string): Record<string, string> {
  const result: Record<string, string> = { 'AGENTS.md': readFileSync(join(root, 'AGENTS.md'), 'utf8') };
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      const path = `${dir}/${name}`;
      if (/^\.agent-context\/(cache|build-info\.json|lessons|sidecar)/.test(path)) continue;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else result[path] = readFileSync(join(root, path), 'utf8');
    }
  };
  walk('.agent-context');
  return result;
}
