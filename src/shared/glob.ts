import picomatch from 'picomatch';

export type PathMatcher = (path: string) => boolean;

/** One matcher for a list of globs (posix, dotfiles included); an empty list matches nothing. */
export function globMatcher(globs: readonly string[]): PathMatcher {
  if (globs.length === 0) return () => false;
  return picomatch([...globs], { dot: true });
}

export function matchesAnyGlob(path: string, globs: readonly string[]): boolean {
  return globMatcher(globs)(path);
}
