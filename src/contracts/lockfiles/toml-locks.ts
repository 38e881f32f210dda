/**
 * TOML lockfiles: Cargo.lock, poetry.lock and uv.lock, each an array of `[[package]]` tables
 * with a name, a version and the hashes of what was downloaded. A changed package must name a
 * version; its hash must not be one that named another version before (a version edited under
 * its old checksum); its files must be the files of that version; what it depends on must be
 * locked; and a new downloaded package must be something another package depends on.
 */

import { stableStringify } from '../../shared/json.js';
import { normalizePythonName } from '../../shared/python-names.js';
import { isTable, parseToml } from '../../shared/toml.js';
import type { LockfileInput } from './input.js';

interface LockedPackage {
  name: string;
  version: string;
  /** `registry+…` (Cargo), a table (uv); absent for workspace members. */
  source?: unknown;
  /** Hashes of the downloaded artefacts (Cargo `checksum`, uv `sdist`/`wheels`, poetry `files`). */
  hashes: string[];
  /** File names or URLs of the artefacts (uv, poetry). */
  artefacts: string[];
  dependencies: string[];
  /** A registry download, which its package manager always hashes. */
  needsHash: boolean;
  raw: string;
}

const PEP440_OR_SEMVER = /^v?\d+(\.\d+)*([-._+]?[0-9A-Za-z.+-]*)?$/;

export function cargoLockProblems(input: LockfileInput): string[] {
  return tomlLockProblems(input, (table) => ({
    hashes: typeof table.checksum === 'string' ? [table.checksum] : [],
    artefacts: [],
    dependencies: stringList(table.dependencies).map((entry) => normalizePythonName(entry.split(' ')[0]!)),
    needsHash: typeof table.source === 'string' && table.source.startsWith('registry+'),
  }));
}

export function pythonLockProblems(input: LockfileInput): string[] {
  return tomlLockProblems(input, (table) => {
    const files = [
      ...(isTable(table.sdist) ? [table.sdist] : []),
      ...(Array.isArray(table.wheels) ? table.wheels.filter(isTable) : []),
      ...(Array.isArray(table.files) ? table.files.filter(isTable) : []),
    ];
    return {
      hashes: files.map((file) => file.hash).filter((hash): hash is string => typeof hash === 'string'),
      artefacts: files
        .map((file) => file.url ?? file.file ?? file.path)
        .filter((name): name is string => typeof name === 'string'),
      dependencies: pythonDependencies(table),
      needsHash: false,
    };
  });
}

type Reader = (
  table: Record<string, unknown>,
) => Pick<LockedPackage, 'hashes' | 'artefacts' | 'dependencies' | 'needsHash'>;

function tomlLockProblems(input: LockfileInput, read: Reader): string[] {
  const after = packagesOf(input.after, read);
  if (!after) return [`${input.lockfile} is not valid TOML`];
  const before = packagesOf(input.before ?? '', read) ?? [];
  const seen = new Set(before.map((entry) => entry.raw));
  const changed = after.filter((entry) => !seen.has(entry.raw));
  const hashOwner = new Map(before.flatMap((entry) => entry.hashes.map((hash) => [hash, entry] as const)));
  const names = new Set(after.map((entry) => entry.name));
  const required = new Set(after.flatMap((entry) => entry.dependencies));
  const problems: string[] = [];
  for (const entry of changed) {
    const label = `${entry.name} ${entry.version}`;
    if (!PEP440_OR_SEMVER.test(entry.version))
      problems.push(`${entry.name} has no valid version (${entry.version || 'none'})`);
    const reused = entry.hashes
      .map((hash) => hashOwner.get(hash))
      .find((owner) => owner && owner.version !== entry.version);
    if (reused) problems.push(`${label} carries the hash of ${reused.name} ${reused.version}`);
    const foreign = entry.artefacts.find((artefact) => !namesVersion(artefact, entry.version));
    if (foreign)
      problems.push(
        `${label} lists ${foreign.slice(foreign.lastIndexOf('/') + 1)}, a file of another version`,
      );
    if (entry.needsHash && entry.hashes.length === 0) problems.push(`${label} has no checksum`);
    const missing = entry.dependencies.find((name) => !names.has(name));
    if (missing) problems.push(`${label} depends on ${missing}, which is not locked`);
    const isNew = !before.some((other) => other.name === entry.name);
    if (isNew && entry.source !== undefined && !isWorkspaceSource(entry.source) && !required.has(entry.name))
      problems.push(`${entry.name} is locked but no locked package depends on it`);
  }
  return problems;
}

function packagesOf(text: string, read: Reader): LockedPackage[] | undefined {
  if (text === '') return [];
  const document = parseToml(text);
  if (!document) return undefined;
  const list = Array.isArray(document.package) ? document.package.filter(isTable) : [];
  return list.map((table) => ({
    name: normalizePythonName(String(table.name ?? '')),
    version: String(table.version ?? ''),
    source: table.source,
    raw: stableStringify(table),
    ...read(table),
  }));
}

/** uv: `dependencies = [{ name = "x" }]` and its optional groups; poetry: `[package.dependencies]` keys. */
function pythonDependencies(table: Record<string, unknown>): string[] {
  const names: string[] = [];
  const fromList = (value: unknown) => {
    if (Array.isArray(value))
      for (const item of value)
        if (isTable(item) && typeof item.name === 'string') names.push(normalizePythonName(item.name));
  };
  fromList(table.dependencies);
  if (isTable(table['optional-dependencies']))
    Object.values(table['optional-dependencies']).forEach(fromList);
  if (isTable(table['dev-dependencies'])) Object.values(table['dev-dependencies']).forEach(fromList);
  // poetry: a table of name -> constraint; optional extras may be absent from the lock, so not checked.
  return names;
}

/** A file name or URL belongs to `version` when it contains it (`black-24.1.0-py3-none-any.whl`). */
function namesVersion(artefact: string, version: string): boolean {
  const base = decodeURIComponent(artefact.slice(artefact.lastIndexOf('/') + 1)).toLowerCase();
  if (!/\.(whl|tar\.gz|zip|tar\.bz2|tgz|egg)$/.test(base)) return true;
  return base.includes(version.toLowerCase()) || base.includes(version.toLowerCase().replace(/-/g, '_'));
}

function isWorkspaceSource(source: unknown): boolean {
  return (
    isTable(source) &&
    ('editable' in source || 'virtual' in source || 'directory' in source || 'path' in source)
  );
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
