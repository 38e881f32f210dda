/**
 * Paths inside the tool are posix and relative to the repository root. Absolute, platform paths
 * exist only at the edges (reading and writing files) and are made here.
 */
import nodePath from 'node:path';

export const posix = nodePath.posix;

export function toPosix(path: string): string {
  return nodePath.sep === '/' ? path : path.split(nodePath.sep).join('/');
}

/** Absolute path of a repository-relative posix path. */
export function absolutePath(root: string, relative: string): string {
  return nodePath.resolve(root, ...relative.split('/'));
}

/** Repository-relative posix path of an absolute path (may start with `..` when outside). */
export function relativePath(root: string, absolute: string): string {
  return toPosix(nodePath.relative(root, absolute));
}

export function resolveAbsolute(...segments: string[]): string {
  return nodePath.resolve(...segments);
}

export function isInside(root: string, absolute: string): boolean {
  const relative = nodePath.relative(root, absolute);
  return relative === '' || (!relative.startsWith('..') && !nodePath.isAbsolute(relative));
}

export function joinPath(...segments: string[]): string {
  return nodePath.join(...segments);
}

export function parentDirectory(path: string): string {
  return nodePath.dirname(path);
}

export function baseName(path: string): string {
  return posix.basename(path);
}

/** Extension including the dot, lower-cased (`.ts`); `''` when there is none. */
export function extensionOf(path: string): string {
  return posix.extname(path).toLowerCase();
}

/** Directory part of a posix path, `''` for files at the root. */
export function directoryOf(path: string): string {
  const index = path.lastIndexOf('/');
  return index === -1 ? '' : path.slice(0, index);
}

export function isAbsolutePath(path: string): boolean {
  return nodePath.isAbsolute(path);
}

/**
 * A message with the checkout's absolute path taken out (`/home/me/repo/tsconfig.json` ->
 * `tsconfig.json`): outputs must be byte-identical for two clones in different folders.
 */
export function withoutRoot(text: string, root: string): string {
  const prefix = nodePath.resolve(root);
  return text.split(`${prefix}${nodePath.sep}`).join('').split(prefix).join('.');
}
