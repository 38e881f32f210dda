/**
 * Each language adapter's extraction version, the one home of these numbers: bump an adapter's
 * number whenever what it extracts from the same bytes changes. The index cache keys every entry
 * by it, the manifest records the set, and a build made with other numbers is stale (`update`
 * re-extracts the files of the adapters that changed), so upgrading the tool never leaves an old
 * extraction behind a "fresh" verdict. Kept apart from the adapters so the update path can compare
 * without loading any grammar.
 */
export const EXTRACTOR_VERSIONS = {
  typescript: 14,
  python: 11,
  go: 10,
  rust: 11,
  java: 10,
  text: 10,
} as const satisfies Record<string, number>;

/** The adapters whose version differs from what a build recorded, each as `id a → b`, sorted. */
export function changedExtractors(recorded: Readonly<Record<string, number>> | undefined): string[] {
  const current: Readonly<Record<string, number>> = EXTRACTOR_VERSIONS;
  const ids = new Set([...Object.keys(current), ...Object.keys(recorded ?? {})]);
  const changed: string[] = [];
  for (const id of [...ids].sort()) {
    const before = recorded?.[id];
    const now = current[id];
    if (before !== now) changed.push(`${id} ${before ?? 'none'} → ${now ?? 'none'}`);
  }
  return changed;
}
