/**
 * pnpm-lock.yaml (lockfile versions 5–9). `importers` copy each workspace package's declared
 * ranges (`specifier`) and name the locked `version`; `packages` hold each `name@version` with
 * its `resolution` (integrity); `snapshots` (v9) list what each locked package depends on. A
 * changed importer entry must copy its manifest's range and lock a version the range allows
 * (unless an override redirects it) that `packages` holds; a changed package must keep a
 * resolution whose hash was not another version's; a changed snapshot must depend on locked
 * packages. Read with a small reader of the block-mapping YAML pnpm writes (no anchors, no
 * block scalars).
 */
import { stableStringify } from '../../shared/json.js';
import { directoryOf } from '../../shared/path.js';
import type { LockfileInput } from './input.js';
import { satisfies } from './semver.js';

type Node = { [key: string]: Node | string };

const DEPENDENCY_FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies'] as const;

export async function pnpmLockProblems(input: LockfileInput): Promise<string[]> {
  const after = parseBlockYaml(input.after);
  const before = parseBlockYaml(input.before ?? '');
  const packages = recordOf(after.packages, keyOfPackage);
  const oldPackages = recordOf(before.packages, keyOfPackage);
  const overrides = new Set(Object.keys(recordOf(after.overrides)));
  const problems: string[] = [];
  const importers = importersOf(after);
  const oldImporters = importersOf(before);
  for (const [path, importer] of Object.entries(importers)) {
    const manifest = [directoryOf(input.lockfile), path === '.' ? '' : path, 'package.json']
      .filter(Boolean)
      .join('/');
    const declared = await declaredRanges(input.readAfter, manifest);
    const declaredBefore = await declaredRanges(input.readBefore, manifest);
    for (const [name, entry] of Object.entries(importer)) {
      const old = oldImporters[path]?.[name];
      if (old && old.specifier === entry.specifier && old.version === entry.version) continue;
      const where = `importers["${path}"] ${name}`;
      const range = declared?.[name];
      const staleBefore =
        old && declaredBefore?.[name] !== undefined && declaredBefore[name] !== old.specifier;
      if (range !== undefined && range !== entry.specifier && !staleBefore)
        problems.push(`${where} copies the range ${entry.specifier}, but ${manifest} declares ${range}`);
      problems.push(...lockedVersionProblems(where, name, entry, packages, overrides));
    }
  }
  problems.push(...packageProblems(packages, oldPackages));
  problems.push(
    ...snapshotProblems(
      recordOf(after.snapshots, keyOfPackage),
      recordOf(before.snapshots, keyOfPackage),
      packages,
    ),
  );
  return problems;
}

interface ImporterEntry {
  specifier: string;
  version: string;
}

function lockedVersionProblems(
  where: string,
  name: string,
  entry: ImporterEntry,
  packages: Record<string, Node | string>,
  overrides: ReadonlySet<string>,
): string[] {
  const version = withoutPeers(entry.version);
  if (
    /^(link|file|workspace|git|https?):/.test(version) ||
    (version.includes('/') && !version.startsWith('@'))
  )
    return [];
  const key = /^@?[^@]+@/.test(version) ? version : `${name}@${version}`;
  const problems: string[] = [];
  if (!(key in packages)) problems.push(`${where} is locked at ${version}, which no entry of packages holds`);
  const plain = key.slice(key.lastIndexOf('@') + 1);
  if (!overrides.has(name) && satisfies(plain, entry.specifier) === false)
    problems.push(`${where} is locked at ${plain}, which its range ${entry.specifier} does not allow`);
  return problems;
}

function packageProblems(
  packages: Record<string, Node | string>,
  before: Record<string, Node | string>,
): string[] {
  const owner = new Map<string, string>();
  for (const [key, entry] of Object.entries(before)) {
    const integrity = integrityOf(entry);
    if (integrity) owner.set(integrity, key);
  }
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(packages)) {
    if (stableStringify(entry) === stableStringify(before[key])) continue;
    if (typeof entry !== 'object' || entry.resolution === undefined) {
      problems.push(`packages["${key}"] has no resolution`);
      continue;
    }
    const integrity = integrityOf(entry);
    const previous = integrity ? owner.get(integrity) : undefined;
    if (previous && previous !== key)
      problems.push(`packages["${key}"] carries the integrity hash of ${previous}`);
  }
  return problems;
}

function snapshotProblems(
  snapshots: Record<string, Node | string>,
  before: Record<string, Node | string>,
  packages: Record<string, Node | string>,
): string[] {
  const problems: string[] = [];
  for (const [key, snapshot] of Object.entries(snapshots)) {
    if (typeof snapshot !== 'object' || stableStringify(snapshot) === stableStringify(before[key])) continue;
    for (const field of ['dependencies', 'optionalDependencies'] as const)
      for (const [name, version] of Object.entries(recordOf(snapshot[field]))) {
        const plain = withoutPeers(String(version));
        if (/^(link|file):/.test(plain)) continue;
        const target = /^@?[^@]+@/.test(plain) ? plain : `${name}@${plain}`;
        if (!(target in packages))
          problems.push(`snapshots["${key}"] depends on ${target}, which no entry of packages holds`);
      }
  }
  return problems;
}

/** Each importer's dependencies with range and version; v5/v6 single projects keep them at the top. */
function importersOf(document: Node): Record<string, Record<string, ImporterEntry>> {
  const importers = typeof document.importers === 'object' ? document.importers : { '.': document };
  const out: Record<string, Record<string, ImporterEntry>> = {};
  for (const [path, importer] of Object.entries(importers)) {
    if (typeof importer !== 'object') continue;
    const specifiers = recordOf(importer.specifiers);
    const entries: Record<string, ImporterEntry> = {};
    for (const field of DEPENDENCY_FIELDS)
      for (const [name, value] of Object.entries(recordOf(importer[field])))
        entries[name] =
          typeof value === 'object'
            ? { specifier: String(value.specifier ?? ''), version: String(value.version ?? '') }
            : { specifier: String(specifiers[name] ?? ''), version: value };
    out[path] = entries;
  }
  return out;
}

async function declaredRanges(
  read: (path: string) => Promise<string | undefined>,
  manifest: string,
): Promise<Record<string, string> | undefined> {
  try {
    const parsed = JSON.parse((await read(manifest)) ?? '') as Record<
      string,
      Record<string, string> | undefined
    >;
    return Object.assign({}, ...DEPENDENCY_FIELDS.map((field) => parsed[field] ?? {}));
  } catch {
    // No readable manifest there: nothing to compare the copied ranges with.
    return undefined;
  }
}

/** `1.2.3(react@18.0.0)` -> `1.2.3`. */
const withoutPeers = (version: string) => version.replace(/\(.*$/, '').replace(/_.*$/, '');

/** v5 `/name/1.2.3` and v6 `/name@1.2.3` keys read as v9's `name@1.2.3`. */
function keyOfPackage(key: string): string {
  const bare = key.replace(/^\//, '');
  if (bare.indexOf('@', 1) > 0) return withoutPeers(bare);
  const cut = bare.lastIndexOf('/');
  return cut > 0 ? `${bare.slice(0, cut)}@${bare.slice(cut + 1)}` : bare;
}

function integrityOf(entry: Node | string): string | undefined {
  const resolution = typeof entry === 'object' ? entry.resolution : undefined;
  return typeof resolution === 'string' ? /integrity:\s*([^,}\s]+)/.exec(resolution)?.[1] : undefined;
}

function recordOf(value: Node | string | undefined, key: (name: string) => string = (name) => name) {
  const out: Record<string, Node | string> = {};
  if (typeof value === 'object') for (const [name, entry] of Object.entries(value)) out[key(name)] = entry;
  return out;
}

/** The mappings of block YAML as nested objects; a value on its key's line is kept as its text. */
export function parseBlockYaml(text: string): Node {
  const root: Node = {};
  const stack: Array<{ indent: number; node: Node }> = [{ indent: -1, node: root }];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('- ')) continue;
    const match = /^('(?:[^']|'')*'|"[^"]*"|[^:]+?):(?:\s+(.*))?$/.exec(line);
    if (!match) continue;
    const indent = raw.length - raw.trimStart().length;
    while (stack.at(-1)!.indent >= indent) stack.pop();
    const parent = stack.at(-1)!.node;
    const key = unquote(match[1]!);
    if (match[2] === undefined || match[2] === '') {
      const child: Node = {};
      parent[key] = child;
      stack.push({ indent, node: child });
    } else parent[key] = unquote(match[2]);
  }
  return root;
}

function unquote(text: string): string {
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replace(/''/g, "'");
  if (text.startsWith('"') && text.endsWith('"')) return text.slice(1, -1);
  return text;
}
