/**
 * Manifest and lockfile move together (every lockfile scan/file-kinds knows for package.json,
 * pyproject.toml, Pipfile, go.mod and Cargo.toml). A manifest's dependencies changed but its lockfile did not: required. A lockfile
 * changed while none of the manifests it locks did: forbidden — the package manager writes a
 * lockfile, an agent "fixing" it by hand leaves installs that match nothing. Only the dependency
 * parts of a manifest are compared, so a new script in package.json needs no lockfile change.
 */
import { lockfilesOfManifest } from '../../scan/file-kinds.js';
import { stableStringify } from '../../shared/json.js';
import { directoryOf } from '../../shared/path.js';
import { touchesOf } from '../types.js';
import { type ContractRule, makeFinding } from './rule.js';

interface Ecosystem {
  manifest: RegExp;
  /** Lockfile name -> the command that updates it. */
  lockfiles: Readonly<Record<string, string>>;
  /** The part of the manifest the lockfile depends on. */
  dependencies(text: string): string;
}

const ECOSYSTEMS: Ecosystem[] = [
  {
    manifest: /(^|\/)package\.json$/,
    lockfiles: lockfilesOfManifest('package.json'),
    dependencies: packageJsonDependencies,
  },
  {
    manifest: /(^|\/)pyproject\.toml$/,
    lockfiles: lockfilesOfManifest('pyproject.toml'),
    dependencies: (text) =>
      tomlSections(
        text,
        /^(project\.optional-dependencies|dependency-groups|tool\.poetry(\.group\.[^.]+)?\.(dev-)?dependencies|tool\.uv.*)$/,
      ) + projectDependencies(text),
  },
  {
    manifest: /(^|\/)Pipfile$/,
    lockfiles: lockfilesOfManifest('Pipfile'),
    dependencies: (text) => tomlSections(text, /^(packages|dev-packages|requires)$/),
  },
  { manifest: /(^|\/)go\.mod$/, lockfiles: lockfilesOfManifest('go.mod'), dependencies: goDependencies },
  {
    manifest: /(^|\/)Cargo\.toml$/,
    lockfiles: lockfilesOfManifest('Cargo.toml'),
    dependencies: (text) =>
      tomlSections(
        text,
        /(^|\.)(dependencies|dev-dependencies|build-dependencies)$|^patch\.|^package$|^workspace\.dependencies$/,
      ),
  },
];

export const lockfileSyncRule: ContractRule = {
  id: 'lockfile-sync',
  contract: 'safety',
  description: "A manifest's dependencies changed without its lockfile.",
  needsChanges: true,
  async check({ changes, contents, paths }) {
    const touches = touchesOf(changes?.files ?? []);
    const touched = new Set(touches.map((touch) => touch.path));
    const findings = [];
    for (const touch of touches) {
      if (touch.action === 'deleted') continue;
      const ecosystem = ECOSYSTEMS.find((candidate) => candidate.manifest.test(touch.path));
      const lockfile = ecosystem && nearestLockfile(touch.path, ecosystem, paths);
      if (!ecosystem || !lockfile || touched.has(lockfile)) continue;
      const before =
        touch.action === 'added'
          ? ''
          : ((await contents?.before(touch.change.previousPath ?? touch.path)) ?? '');
      const after = (await contents?.after(touch.path)) ?? '';
      if (ecosystem.dependencies(before) === ecosystem.dependencies(after)) continue;
      const update = ecosystem.lockfiles[lockfile.slice(lockfile.lastIndexOf('/') + 1)];
      findings.push(
        makeFinding(
          lockfileSyncRule,
          'required',
          touch.path,
          undefined,
          `${touch.path} changed its dependencies but ${lockfile} did not change`,
          `Run \`${update}\` and commit ${lockfile}, so installs stay reproducible.`,
        ),
      );
    }
    return [...findings, ...handEditedLockfiles(touches, paths)];
  },
};

/** Lockfiles the change touched while no manifest in their folder or below (a workspace) changed. */
function handEditedLockfiles(touches: ReturnType<typeof touchesOf>, paths: ReadonlySet<string>) {
  const touched = touches.filter((touch) => touch.action !== 'deleted').map((touch) => touch.path);
  const findings = [];
  for (const lockfile of touched) {
    const name = lockfile.slice(lockfile.lastIndexOf('/') + 1);
    const ecosystem = ECOSYSTEMS.find((candidate) => name in candidate.lockfiles);
    if (!ecosystem) continue;
    const folder = directoryOf(lockfile);
    const within = (path: string) => folder === '' || path.startsWith(`${folder}/`);
    const manifests = [...paths].filter((path) => ecosystem.manifest.test(path) && within(path));
    if (manifests.length === 0 || touched.some((path) => ecosystem.manifest.test(path) && within(path)))
      continue;
    const update = ecosystem.lockfiles[name];
    findings.push(
      makeFinding(
        lockfileSyncRule,
        'forbidden',
        lockfile,
        undefined,
        `${lockfile} changed but none of the manifests it locks did (${manifests.sort().slice(0, 3).join(', ')}${manifests.length > 3 ? ', ...' : ''}): a lockfile is written by the package manager, not by hand`,
        `Revert ${lockfile}; change the manifest and run \`${update}\`, or re-run the package-manager command that produced it and commit its output.`,
      ),
    );
  }
  return findings;
}

/** The lockfile of the manifest's folder or of the closest folder above it (workspaces lock at the root). */
function nearestLockfile(
  manifest: string,
  ecosystem: Ecosystem,
  paths: ReadonlySet<string>,
): string | undefined {
  let directory = directoryOf(manifest);
  for (;;) {
    for (const name of Object.keys(ecosystem.lockfiles)) {
      const candidate = directory ? `${directory}/${name}` : name;
      if (paths.has(candidate)) return candidate;
    }
    if (!directory) return undefined;
    directory = directoryOf(directory);
  }
}

function packageJsonDependencies(text: string): string {
  try {
    const manifest = JSON.parse(text || '{}') as Record<string, unknown>;
    const keys = [
      'dependencies',
      'devDependencies',
      'optionalDependencies',
      'peerDependencies',
      'overrides',
      'resolutions',
      'workspaces',
    ];
    return stableStringify(Object.fromEntries(keys.map((key) => [key, manifest[key]])));
  } catch {
    return text;
  }
}

/** Lines of the TOML sections whose header matches (comments and blank lines dropped). */
export function tomlSections(text: string, header: RegExp): string {
  const kept: string[] = [];
  let inside = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+#.*$/, '').trim();
    const section = /^\[\[?([^\]]+)\]\]?$/.exec(line)?.[1];
    if (section !== undefined) {
      inside = header.test(section.trim().replace(/["']/g, ''));
      if (inside) kept.push(`[${section}]`);
      continue;
    }
    if (inside && line && !line.startsWith('#')) kept.push(line);
  }
  return kept.join('\n');
}

/** `dependencies = [...]` of the `[project]` table (PEP 621). */
function projectDependencies(text: string): string {
  const project = /^\[project\]\s*$([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(text)?.[1] ?? '';
  return /^dependencies\s*=\s*\[[\s\S]*?\]/m.exec(project)?.[0].replace(/\s+/g, ' ') ?? '';
}

function goDependencies(text: string): string {
  const kept: string[] = [];
  let block = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\/\/.*$/, '').trim();
    if (/^(require|replace|exclude)\s*\($/.test(line)) block = true;
    else if (block && line === ')') block = false;
    else if (block || /^(require|replace|exclude)\s/.test(line)) kept.push(line);
  }
  return kept.filter(Boolean).join('\n');
}
