/** `assessReadiness()`: is this repository ready for an agent? Scored findings, each with what to fix. */
import type { ProjectFacts } from '../scan/project.js';
import type { ScannedFile } from '../scan/types.js';

export interface ReadinessCheck {
  id: string;
  ok: boolean;
  weight: number;
  /** What was found (or not). */
  message: string;
  /** What to do when it is not ok. */
  fix?: string;
  evidence?: string[];
}

export interface ReadinessReport {
  /** 0..100: the weighted share of checks that pass. */
  score: number;
  grade: 'ready' | 'usable' | 'poor';
  checks: ReadinessCheck[];
}

export function assessReadiness(
  files: ScannedFile[],
  project: ProjectFacts,
  agentsFile: string,
  agentsUserText: boolean,
): ReadinessReport {
  const paths = files.map((file) => file.path);
  const has = (pattern: RegExp) => paths.filter((path) => pattern.test(path));
  const command = (name: string) => project.commands.find((entry) => entry.name === name);
  const tests = files.filter((file) => file.kind === 'test');
  const compiled = project.ecosystems.some((ecosystem) => ['go', 'rust', 'java'].includes(ecosystem));
  const typeConfigs = has(/(^|\/)(tsconfig[^/]*\.json|jsconfig\.json|mypy\.ini|pyrightconfig\.json)$/);
  const lintConfigs = has(
    /(^|\/)(biome\.jsonc?|\.eslintrc[^/]*|eslint\.config\.[cm]?[jt]s|ruff\.toml|\.flake8|\.golangci\.ya?ml|clippy\.toml)$/,
  );
  const ciConfigs = has(
    /^(\.github\/workflows\/[^/]+\.ya?ml|\.gitlab-ci\.yml|\.circleci\/config\.yml|azure-pipelines\.yml|Jenkinsfile|\.buildkite\/|\.ci\/)/,
  );
  const lockfiles = files.filter((file) => file.kind === 'lockfile').map((file) => file.path);
  // A Node project that turns lockfiles off (`.npmrc`) is not asked for one; other ecosystems still are.
  const needLockfile = project.ecosystems.filter((name) => name !== 'node' || !project.lockfileOptOut);
  const readmes = has(/^readme(\.[a-z]+)?$/i);
  const checks: ReadinessCheck[] = [
    check(
      'test-command',
      3,
      command('test'),
      `test command: \`${command('test')?.command}\` (${command('test')?.source})`,
      'no test command found',
      'add a `test` script (package.json), a `test` Make target, or pytest/go/cargo configuration',
    ),
    check(
      'tests-present',
      3,
      tests.length > 0 || undefined,
      `${tests.length} test files`,
      'no test files found',
      'add tests next to the code or under test/ so an agent can prove its changes',
      tests.slice(0, 5).map((file) => file.path),
    ),
    check(
      'type-checking',
      2,
      typeConfigs.length > 0 || compiled || command('typecheck') ? true : undefined,
      compiled
        ? 'a compiled language checks types'
        : `type checking configured${typeConfigs.length ? ` (${typeConfigs.slice(0, 3).join(', ')})` : ''}`,
      'no type checker configured',
      'add tsconfig.json (strict) or mypy/pyright configuration',
      typeConfigs.slice(0, 5),
    ),
    check(
      'lint',
      1,
      lintConfigs.length > 0 || command('lint') ? true : undefined,
      `lint configured${lintConfigs.length ? ` (${lintConfigs.slice(0, 3).join(', ')})` : ` (\`${command('lint')?.command}\`)`}`,
      'no linter configured',
      'add a linter (Biome, ESLint, Ruff, golangci-lint, clippy) and a `lint` command',
      lintConfigs.slice(0, 5),
    ),
    check(
      'ci',
      2,
      ciConfigs.length > 0 || undefined,
      `CI configured (${ciConfigs.slice(0, 3).join(', ')})`,
      'no CI configuration found',
      'add a CI workflow that runs the tests on every change',
      ciConfigs.slice(0, 5),
    ),
    check(
      'lockfile',
      1,
      needLockfile.length === 0 || lockfiles.length > 0 || undefined,
      lockfiles.length
        ? `lockfile present (${lockfiles.slice(0, 3).join(', ')})`
        : project.lockfileOptOut
          ? `lockfiles turned off on purpose (${project.lockfileOptOut})`
          : 'no package manifest needs a lockfile',
      'dependency manifest without a lockfile',
      'commit the lockfile so installs are reproducible',
      lockfiles.slice(0, 5),
    ),
    check(
      'readme',
      1,
      readmes.length > 0 || undefined,
      `README present (${readmes[0]})`,
      'no README',
      'add a README that says what the project is and how to run it',
      readmes,
    ),
    check(
      'agent-instructions',
      1,
      agentsUserText || undefined,
      `${agentsFile} has hand-written guidance outside the managed block`,
      `${agentsFile} has no hand-written guidance`,
      `write project rules an agent cannot infer (review norms, no-go areas) in ${agentsFile}, outside the markers`,
    ),
  ];
  const total = checks.reduce((sum, entry) => sum + entry.weight, 0);
  const passed = checks.reduce((sum, entry) => sum + (entry.ok ? entry.weight : 0), 0);
  const score = Math.round((passed / total) * 100);
  return { score, grade: score >= 80 ? 'ready' : score >= 50 ? 'usable' : 'poor', checks };
}

function check(
  id: string,
  weight: number,
  found: unknown,
  okMessage: string,
  missingMessage: string,
  fix: string,
  evidence: string[] = [],
): ReadinessCheck {
  const ok = Boolean(found);
  const result: ReadinessCheck = { id, ok, weight, message: ok ? okMessage : missingMessage };
  if (!ok) result.fix = fix;
  if (evidence.length > 0) result.evidence = evidence;
  return result;
}
