/**
 * yarn.lock, classic (`"a@^1", a@~1.2:` then `  version "1.2.3"`, `  resolved "…/a-1.2.3.tgz#…"`,
 * `  integrity …`) and berry (`"a@npm:^1":` then `  version: 1.2.3`, `  resolution: "a@npm:1.2.3"`,
 * `  checksum: …`). A changed entry's version must satisfy every range in its header, its
 * resolved tarball or resolution must name that version, and its hash must not be one that
 * belonged to another version before.
 */
import type { LockfileInput } from './input.js';
import { satisfies, tarballVersion } from './semver.js';

interface YarnEntry {
  header: string;
  /** `[name, range]` of each descriptor in the header. */
  descriptors: Array<[string, string]>;
  fields: Map<string, string>;
  text: string;
}

export function yarnLockProblems(input: LockfileInput): string[] {
  const after = entriesOf(input.after);
  const before = entriesOf(input.before ?? '');
  const seen = new Set(before.map((entry) => entry.text));
  const hashOwner = new Map<string, string>();
  const label = (entry: YarnEntry) => entry.descriptors[0]?.join('@') ?? entry.header;
  for (const entry of before) {
    const hash = hashOf(entry);
    if (hash) hashOwner.set(hash, `${label(entry)} ${entry.fields.get('version')}`);
  }
  const problems: string[] = [];
  for (const entry of after.filter((candidate) => !seen.has(candidate.text))) {
    const version = entry.fields.get('version');
    if (!version) {
      problems.push(`${label(entry)} has no version`);
      continue;
    }
    const refused = entry.descriptors.find(([, range]) => satisfies(version, range) === false);
    if (refused)
      problems.push(`${refused[0]}@${refused[1]} is locked at ${version}, which that range does not allow`);
    const named = namedVersion(entry);
    if (named && named !== version)
      problems.push(`${label(entry)} is locked at ${version} but resolves to ${named}`);
    const hash = hashOf(entry);
    const owner = hash ? hashOwner.get(hash) : undefined;
    if (owner && !owner.endsWith(` ${version}`))
      problems.push(`${label(entry)} ${version} carries the hash of ${owner}`);
  }
  return problems;
}

function entriesOf(text: string): YarnEntry[] {
  const entries: YarnEntry[] = [];
  for (const block of text.split(/\n\s*\n/)) {
    const lines = block.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('#'));
    const header = lines[0];
    if (!header || header.startsWith(' ') || !header.endsWith(':') || header.startsWith('__metadata'))
      continue;
    const fields = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const match = /^ {2}([A-Za-z]+):? "?([^"]*)"?$/.exec(line);
      if (match) fields.set(match[1]!, match[2]!.trim());
    }
    entries.push({
      header: header.slice(0, -1),
      descriptors: descriptorsOf(header.slice(0, -1)),
      fields,
      text: block.trim(),
    });
  }
  return entries;
}

/** `"@s/a@^1", a@npm:~1.2` -> `[['@s/a', '^1'], ['a', '~1.2']]` (the protocol dropped). */
function descriptorsOf(header: string): Array<[string, string]> {
  return header.split(',').flatMap((part) => {
    const descriptor = part.trim().replace(/^"|"$/g, '');
    const at = descriptor.indexOf('@', 1);
    if (at < 0) return [];
    return [[descriptor.slice(0, at), descriptor.slice(at + 1).replace(/^npm:/, '')] as [string, string]];
  });
}

function namedVersion(entry: YarnEntry): string | undefined {
  const resolved = entry.fields.get('resolved');
  const tarball = resolved ? tarballVersion(resolved) : undefined;
  if (tarball) return tarball;
  const resolution = entry.fields.get('resolution');
  return resolution ? /@npm:(\d+\.\d+\.\d+\S*)$/.exec(resolution)?.[1] : undefined;
}

function hashOf(entry: YarnEntry): string | undefined {
  return entry.fields.get('integrity') ?? entry.fields.get('checksum');
}
