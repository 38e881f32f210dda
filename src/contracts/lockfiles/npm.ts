/**
 * package-lock.json / npm-shrinkwrap.json (lockfile versions 1–3). Entries are keyed by their
 * install location (`node_modules/a/node_modules/b`); a dependency resolves from its dependent's
 * location upwards, as Node does. Version 1 (`dependencies` nested, `requires`) is flattened into
 * the same shape.
 */
import { isRecord, stableStringify } from '../../shared/json.js';
import { directoryOf } from '../../shared/path.js';
import type { LockfileInput } from './input.js';
import { parseVersion, satisfies, tarballVersion } from './semver.js';

interface Entry {
  name?: string;
  version?: string;
  resolved?: string;
  integrity?: string;
  link?: boolean;
  inBundle?: boolean;
  extraneous?: boolean;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

type Packages = Record<string, Entry>;

const DEPENDENCY_FIELDS = [
  'dependencies',
  'devDependencies',
  'optionalDependencies',
  'peerDependencies',
] as const;
const INTEGRITY =
  /^(sha1|sha256|sha384|sha512)-[A-Za-z0-9+/]+=*(\s+(sha1|sha256|sha384|sha512)-[A-Za-z0-9+/]+=*)*$/;

export async function npmLockProblems(input: LockfileInput): Promise<string[]> {
  const after = packagesOf(input.after);
  if (!after) return [`${input.lockfile} is not a valid npm lockfile (its JSON does not parse)`];
  const before = packagesOf(input.before ?? '') ?? {};
  const changed = Object.keys(after).filter(
    (key) => stableStringify(after[key]) !== stableStringify(before[key]),
  );
  const problems = [
    ...(await manifestCopyProblems(input, before, after, changed)),
    ...changed.flatMap((key) => entryProblems(key, after[key]!, before[key])),
    ...edgeProblems(after, new Set(changed)),
    ...changed
      .filter((key) => !(key in before) && unrequired(after, key))
      .map((key) => `${key} is locked but nothing in the lockfile requires it`),
  ];
  return problems;
}

function packagesOf(text: string): Packages | undefined {
  let document: { packages?: unknown; dependencies?: unknown };
  try {
    document = JSON.parse(text) as typeof document;
  } catch {
    return undefined;
  }
  if (!isRecord(document)) return undefined;
  if (isRecord(document.packages)) return document.packages as Packages;
  const flat: Packages = {};
  if (isRecord(document.dependencies)) flattenVersion1(document.dependencies, '', flat);
  return flat;
}

function flattenVersion1(dependencies: Record<string, unknown>, location: string, out: Packages): void {
  for (const [name, value] of Object.entries(dependencies)) {
    if (!isRecord(value)) continue;
    const key = `${location ? `${location}/` : ''}node_modules/${name}`;
    const {
      requires,
      dependencies: nested,
      ...rest
    } = value as Entry & { requires?: Record<string, string> };
    out[key] = { ...rest, ...(requires ? { dependencies: requires } : {}) };
    if (isRecord(nested)) flattenVersion1(nested, key, out);
  }
}

/** The root entry and each workspace entry copy their package.json's dependencies and version. */
async function manifestCopyProblems(
  input: LockfileInput,
  before: Packages,
  after: Packages,
  changed: readonly string[],
): Promise<string[]> {
  const folder = directoryOf(input.lockfile);
  const problems: string[] = [];
  for (const key of changed.filter((entry) => !entry.includes('node_modules/'))) {
    const manifest = [folder, key, 'package.json'].filter(Boolean).join('/');
    const now = differences(after[key]!, await input.readAfter(manifest));
    const stale = new Set(before[key] ? differences(before[key]!, await input.readBefore(manifest)) : []);
    for (const field of now.filter((entry) => !stale.has(entry)))
      problems.push(`packages["${key}"].${field} does not match ${manifest}`);
  }
  return problems;
}

function differences(entry: Entry, manifestText: string | undefined): string[] {
  let manifest: Record<string, unknown>;
  try {
    manifest = JSON.parse(manifestText ?? '') as Record<string, unknown>;
  } catch {
    // No readable manifest: nothing to compare the copy with.
    return [];
  }
  const same = (a: unknown, b: unknown) => stableStringify(a ?? {}) === stableStringify(b ?? {});
  const fields: string[] = DEPENDENCY_FIELDS.filter((field) => !same(entry[field], manifest[field]));
  if (entry.version !== undefined && manifest.version !== undefined && entry.version !== manifest.version)
    fields.push('version');
  return fields;
}

/** A changed installed entry names a version, with a resolved URL and hash that agree with it. */
function entryProblems(key: string, entry: Entry, before: Entry | undefined): string[] {
  if (!key.includes('node_modules/') || entry.link || entry.inBundle) return [];
  const fromSource = /^(git\+|git:|github:|file:|https?:\/\/(?!.*\/-\/))/.test(entry.resolved ?? '');
  if (!entry.version || (!parseVersion(entry.version) && !fromSource))
    return [`${key} has no valid version (${entry.version ?? 'none'})`];
  const problems: string[] = [];
  const named = tarballVersion(entry.resolved ?? '');
  if (named && named !== entry.version)
    problems.push(`${key} is locked at ${entry.version} but its resolved URL is the tarball of ${named}`);
  if (/^https?:/.test(entry.resolved ?? '') && !fromSource && !INTEGRITY.test(entry.integrity ?? ''))
    problems.push(`${key} has no valid integrity hash`);
  if (before?.version && before.version !== entry.version) {
    const kept = (['resolved', 'integrity'] as const).filter(
      (field) => entry[field] !== undefined && entry[field] === before[field],
    );
    if (kept.length > 0)
      problems.push(
        `${key} moved from ${before.version} to ${entry.version} but kept its ${kept.join(' and ')}`,
      );
  }
  return problems;
}

/** Each dependency that reaches a changed entry, or leaves one, is allowed by its range. */
function edgeProblems(packages: Packages, changed: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(packages)) {
    if (entry.inBundle) continue;
    for (const { name, range, required } of dependenciesOf(key, entry)) {
      const target = resolveDependency(packages, key, name);
      if (!target) {
        if (required && changed.has(key))
          problems.push(`${key || 'the root'} requires ${name}@${range} but no entry locks it`);
        continue;
      }
      if (!changed.has(key) && !changed.has(target.key)) continue;
      const version = target.entry.version;
      if (version && satisfies(version, range) === false)
        problems.push(
          `${key || 'the root'} requires ${name}@${range} but ${target.key} is locked at ${version}`,
        );
    }
  }
  return problems;
}

function dependenciesOf(key: string, entry: Entry) {
  const own = !key.includes('node_modules/');
  const list: Array<{ name: string; range: string; required: boolean }> = [];
  const add = (deps: Record<string, string> | undefined, required: boolean) => {
    for (const [name, range] of Object.entries(deps ?? {}))
      if (typeof range === 'string') list.push({ name, range, required });
  };
  add(entry.dependencies, true);
  add(entry.optionalDependencies, false);
  add(entry.peerDependencies, false);
  if (own) add(entry.devDependencies, false);
  return list;
}

/** Node's lookup: `<location>/node_modules/<name>`, then each folder above; a link is followed. */
function resolveDependency(
  packages: Packages,
  from: string,
  name: string,
): { key: string; entry: Entry } | undefined {
  let location = from;
  for (;;) {
    const key = `${location ? `${location}/` : ''}node_modules/${name}`;
    const entry = packages[key];
    if (entry)
      return entry.link && entry.resolved && packages[entry.resolved]
        ? { key: entry.resolved, entry: packages[entry.resolved]! }
        : { key, entry };
    if (!location) return undefined;
    const cut = location.lastIndexOf('/node_modules/');
    location = cut >= 0 ? location.slice(0, cut) : '';
  }
}

/** A new installed entry no dependency of any entry resolves to (npm prunes those). */
function unrequired(packages: Packages, key: string): boolean {
  const entry = packages[key]!;
  if (!key.includes('node_modules/') || entry.inBundle || entry.extraneous) return false;
  const name = key.slice(key.lastIndexOf('node_modules/') + 'node_modules/'.length);
  for (const [from, dependent] of Object.entries(packages))
    for (const dependency of dependenciesOf(from, dependent))
      if (dependency.name === name && resolveDependency(packages, from, name)?.key === key) return false;
  // A link's target is required through the link.
  return !Object.values(packages).some((other) => other.link && other.resolved === key);
}
