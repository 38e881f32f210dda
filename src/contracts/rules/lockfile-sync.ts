/**
 * Manifest and lockfile move together (every lockfile scan/file-kinds knows for package.json,
 * pyproject.toml, Pipfile, go.mod and Cargo.toml). A manifest's dependencies changed but its
 * lockfile did not: required. A lockfile its package manager did not write — entries that no
 * longer agree with each other or the manifest (`lockfiles/check.ts`), or for a format that module
 * cannot read, a change with none of the manifests it locks — forbidden: an agent "fixing" a
 * lockfile by hand leaves installs that match nothing, while a bot's update inside the declared
 * ranges is fine. Only the dependency parts of a manifest are compared, so a new script in
 * package.json needs no lockfile change.
 */
import { lockfilesOfManifest } from '../../scan/file-kinds.js';
import { stableStringify } from '../../shared/json.js';
import { directoryOf } from '../../shared/path.js';
import { isTable, parseToml, type TomlTable } from '../../shared/toml.js';
import { lockfileProblems } from '../lockfiles/check.js';
import { type ContentReader, touchesOf } from '../types.js';
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
    dependencies: (text) => tomlDependencies(text, pyprojectDependencies),
  },
  {
    manifest: /(^|\/)Pipfile$/,
    lockfiles: lockfilesOfManifest('Pipfile'),
    dependencies: (text) =>
      tomlDependencies(text, (document) => [document.packages, document['dev-packages'], document.requires]),
  },
  { manifest: /(^|\/)go\.mod$/, lockfiles: lockfilesOfManifest('go.mod'), dependencies: goDependencies },
  {
    manifest: /(^|\/)Cargo\.toml$/,
    lockfiles: lockfilesOfManifest('Cargo.toml'),
    dependencies: (text) => tomlDependencies(text, cargoDependencies),
  },
];

export const lockfileSyncRule: ContractRule = {
  id: 'lockfile-sync',
  contract: 'safety',
  description:
    "A manifest's dependencies changed without its lockfile, or a lockfile changed in a way its package manager would not write.",
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
    return [...findings, ...(await handEditedLockfiles(touches, paths, contents))];
  },
};

/**
 * Lockfiles the change touched that their package manager did not write: one whose entries no
 * longer agree with each other or with the manifest (a format `lockfiles/check.ts` reads), or,
 * for a format it cannot read, one that changed while no manifest in its folder or below did.
 */
async function handEditedLockfiles(
  touches: ReturnType<typeof touchesOf>,
  paths: ReadonlySet<string>,
  contents: ContentReader | undefined,
) {
  const touched = touches.filter((touch) => touch.action !== 'deleted');
  const findings = [];
  for (const touch of touched) {
    const lockfile = touch.path;
    const name = lockfile.slice(lockfile.lastIndexOf('/') + 1);
    const ecosystem = ECOSYSTEMS.find((candidate) => name in candidate.lockfiles);
    if (!ecosystem) continue;
    const update = ecosystem.lockfiles[name];
    const problems = await lockfileProblems({
      lockfile,
      before:
        touch.action === 'added' ? undefined : await contents?.before(touch.change.previousPath ?? lockfile),
      after: (await contents?.after(lockfile)) ?? '',
      readBefore: async (path) => contents?.before(path),
      readAfter: async (path) => contents?.after(path),
    });
    if (problems === undefined) {
      const manifests = unchangedManifests(
        lockfile,
        ecosystem,
        paths,
        touched.map((entry) => entry.path),
      );
      if (manifests.length > 0)
        findings.push(
          handEditFinding(lockfile, `none of the manifests it locks did (${listed(manifests)})`, update),
        );
    } else if (problems.length > 0)
      findings.push(handEditFinding(lockfile, `its entries no longer agree: ${listed(problems)}`, update));
  }
  return findings;
}

/** The manifests a lockfile locks (its folder and below), when the change touched none of them. */
function unchangedManifests(
  lockfile: string,
  ecosystem: Ecosystem,
  paths: ReadonlySet<string>,
  touched: readonly string[],
): string[] {
  const folder = directoryOf(lockfile);
  const within = (path: string) => folder === '' || path.startsWith(`${folder}/`);
  const manifests = [...paths].filter((path) => ecosystem.manifest.test(path) && within(path));
  return touched.some((path) => ecosystem.manifest.test(path) && within(path)) ? [] : manifests.sort();
}

const listed = (items: readonly string[]) =>
  `${items.slice(0, 3).join('; ')}${items.length > 3 ? `; and ${items.length - 3} more` : ''}`;

function handEditFinding(lockfile: string, why: string, update: string | undefined) {
  return makeFinding(
    lockfileSyncRule,
    'forbidden',
    lockfile,
    undefined,
    `${lockfile} changed but ${why}: a lockfile is written by the package manager, not by hand`,
    `Revert ${lockfile}; change the manifest and run \`${update}\`, or re-run the package-manager command that produced it and commit its output.`,
  );
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

/**
 * The parts of a TOML manifest a lockfile depends on, as one comparable string; a manifest that
 * does not parse is compared whole.
 */
function tomlDependencies(text: string, pick: (document: TomlTable) => unknown[]): string {
  if (text === '') return '';
  const document = parseToml(text);
  return document ? stableStringify(pick(document)) : text;
}

const table = (value: unknown): TomlTable => (isTable(value) ? value : {});

function pyprojectDependencies(document: TomlTable): unknown[] {
  const project = table(document.project);
  const tool = table(document.tool);
  const poetry = table(tool.poetry);
  const groups = Object.values(table(poetry.group)).map((group) => table(group).dependencies);
  return [
    project.dependencies,
    project['optional-dependencies'],
    document['dependency-groups'],
    poetry.dependencies,
    poetry['dev-dependencies'],
    groups,
    tool.uv,
  ];
}

/** Every dependency table (also under `target.<cfg>`), the patches, the package's name and version, the workspace's members and dependencies. */
function cargoDependencies(document: TomlTable): unknown[] {
  const kinds = (owner: TomlTable) => [
    owner.dependencies,
    owner['dev-dependencies'],
    owner['build-dependencies'],
  ];
  const targets = Object.values(table(document.target)).map((target) => kinds(table(target)));
  const pkg = table(document.package);
  const workspace = table(document.workspace);
  return [
    ...kinds(document),
    targets,
    document.patch,
    pkg.name,
    pkg.version,
    workspace.members,
    workspace.dependencies,
  ];
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
