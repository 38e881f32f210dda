/**
 * Where a write may land. The repository is untrusted: a symlinked `.agent-context/`, `traces/`
 * or `AGENTS.md` must not carry our writes (or deletions) outside it. Every path is resolved
 * component by component (the real path of each existing parent); a write into `.agent-context/`
 * must stay inside the real `.agent-context/` of the repository, any other write inside the
 * repository. A symlink that points inside is written through (the common `CLAUDE.md` ->
 * `AGENTS.md` set-up keeps its link); one that points outside is refused.
 */
import { promises as fsp } from 'node:fs';
import nodePath from 'node:path';
import { OcppError } from './errors.js';
import { CONTEXT_DIR } from './layout.js';
import { isInside } from './path.js';

/**
 * The repository root of a path inside some `.agent-context/` (the parent of its last such
 * segment), or undefined for paths outside any: those the caller names explicitly, or they are
 * not the repository's (the user's own settings, an `--out` file a person asked for).
 */
export function contextRootOf(file: string): string | undefined {
  const parts = nodePath.resolve(file).split(nodePath.sep);
  const at = parts.lastIndexOf(CONTEXT_DIR);
  return at <= 0 ? undefined : parts.slice(0, at).join(nodePath.sep) || nodePath.sep;
}

/**
 * The real path a write to `file` lands on, checked: inside the real `.agent-context/` of `root`
 * for paths below it, else inside the real `root`. Throws (exit 2) naming the link that escapes.
 * `root` defaults to the one `contextRootOf` finds; without either, `file` is returned as is.
 */
export async function guardedTarget(file: string, root = contextRootOf(file)): Promise<string> {
  if (root === undefined) return nodePath.resolve(file);
  const absolute = nodePath.resolve(root, file);
  const realRoot = await fsp.realpath(root);
  const relative = nodePath.relative(root, absolute);
  if (!isInside(root, absolute)) throw escapeError(relative, 'is outside the repository');
  const parts = relative.split(nodePath.sep).filter(Boolean);
  let real = realRoot;
  let zone = realRoot;
  for (const [index, part] of parts.entries()) {
    const next = await realComponent(real, part, parts.slice(0, index + 1).join('/'));
    if (next === undefined) return nodePath.join(real, ...parts.slice(index));
    real = next;
    if (!isInside(zone, real))
      throw escapeError(
        parts.slice(0, index + 1).join('/'),
        `is a symlink to ${real}, outside ${zoneName(zone, realRoot)}`,
      );
    if (index === 0 && part === CONTEXT_DIR && parts.length > 1) zone = real;
  }
  return real;
}

/** The real path of `part` below the real directory `parent`; undefined when it does not exist. */
async function realComponent(parent: string, part: string, shown: string): Promise<string | undefined> {
  const path = nodePath.join(parent, part);
  let stats: Awaited<ReturnType<typeof fsp.lstat>>;
  try {
    stats = await fsp.lstat(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  if (!stats.isSymbolicLink()) return path;
  try {
    return await fsp.realpath(path);
  } catch {
    throw escapeError(shown, 'is a symlink to nothing');
  }
}

function zoneName(zone: string, realRoot: string): string {
  return zone === realRoot ? 'the repository' : `the repository's ${CONTEXT_DIR}/`;
}

function escapeError(shown: string, problem: string): OcppError {
  return new OcppError('INPUT_INVALID', `refusing to write through ${shown}: it ${problem}`, {
    file: shown,
    hint: 'the repository may only make this tool write inside itself; remove the link or point it inside',
  });
}
