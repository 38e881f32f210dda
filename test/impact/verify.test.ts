import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verify } from '../../src/api/index.js';
import { buildContextPackage } from '../../src/context/build.js';
import { CONTRACTS_DIR, json, shopProject } from '../contracts/fixture.js';
import { runCliInProcess } from '../helpers/cli.js';
import { commitAll, makeRepo, writeTree } from '../helpers/repo.js';

async function committedWithContracts() {
  const root = makeRepo(shopProject);
  await buildContextPackage(root);
  commitAll(root, 'contracts');
  return root;
}

describe('verify', () => {
  it('reports changed files, affected modules, tests, findings, what is missing and the risk, and writes verify.json/md', async () => {
    const root = await committedWithContracts();
    const manifest = JSON.parse(shopProject['package.json'] as string);
    writeTree(root, {
      'src/core/tax.ts':
        "import { price } from './price.js';\nexport const gross = (q: number) => price(q) * 1.25;\n",
      'package.json': json({ ...manifest, dependencies: { zod: '4.0.0' } }),
    });
    const report = await verify(root);
    expect(report.verdict).toBe('pass');
    expect(report.impact.changed.map((file) => `${file.path} ${file.module}`)).toEqual([
      'package.json (root)',
      'src/core/tax.ts core',
    ]);
    expect(
      report.impact.modules.map(
        (module) => `${module.module}:${module.changed.length}/${module.affected.length}`,
      ),
    ).toEqual(['(root):1/0', 'core:1/0', 'api:0/1', 'test:0/1', 'ui:0/1']);
    expect(report.missing).toEqual({
      tests: ['src/core/tax.ts'],
      lockfiles: ['package.json'],
      envExample: [],
    });
    expect(report.commands.regression).toEqual(['npx vitest run']);
    expect(report.commands.checks).toEqual(['npm run lint']);
    const factors = Object.fromEntries(
      report.impact.risk.factors.map((factor) => [factor.id, factor.points]),
    );
    expect(factors).toMatchObject({ dependencies: 10, 'global-config': 0, 'missing-tests': 10 });
    expect(report.impact.risk.score).toBe(
      report.impact.risk.factors.reduce((sum, factor) => sum + factor.points, 0),
    );
    expect(report.written).toEqual(['.agent-context/verify.json', '.agent-context/verify.md']);
    const markdown = readFileSync(join(root, '.agent-context/verify.md'), 'utf8');
    expect(markdown).toContain('# Verify: PASS');
    expect(markdown).toContain('- a test change for `src/core/tax.ts`');
    expect(markdown).toContain(
      '`test/ui/view.test.ts` (depth 3): `test/ui/view.test.ts` -> `src/ui/view.ts` -> `src/api/server.ts` -> `src/core/tax.ts`',
    );
    const first = readFileSync(join(root, '.agent-context/verify.json'), 'utf8');
    await verify(root);
    expect(readFileSync(join(root, '.agent-context/verify.json'), 'utf8')).toBe(first);
  });

  it('fails (exit 1) on a forbidden finding in the change, and reports only findings in changed files', async () => {
    const root = await committedWithContracts();
    writeTree(root, {
      [`${CONTRACTS_DIR}/module-boundaries.json`]: json({
        schemaVersion: 1,
        forbidden: [
          {
            name: 'ui-not-from-core',
            comment: 'core is the bottom layer',
            from: { path: '^src/(core|api)/' },
            to: { path: '^src/ui/' },
          },
        ],
      }),
      'src/api/server.ts':
        "import { gross } from '../core/tax.js';\nexport const handler = () => gross(2);\n",
    });
    commitAll(root, 'rule and an old violation');
    writeTree(root, {
      'src/core/price.ts':
        "import { render } from '../ui/view.js';\nexport const price = (q: number) => q + render().length;\n",
    });
    const run = await runCliInProcess(['verify', root, '--json']);
    expect(run.code).toBe(1);
    const report = JSON.parse(run.stdout);
    expect(report.verdict).toBe('fail');
    expect(
      report.contracts.findings.map(
        (finding: { ruleId: string; file: string; line?: number }) =>
          `${finding.ruleId} ${finding.file}:${finding.line ?? ''}`,
      ),
    ).toEqual([
      'architecture-layer src/core/price.ts:1',
      'module-boundary/ui-not-from-core src/core/price.ts:1',
      'missing-test src/core/price.ts:',
    ]);
    const sarif = await runCliInProcess(['verify', root, '--format', 'sarif']);
    expect(sarif.code).toBe(1);
    expect(JSON.parse(sarif.stdout).runs[0].results).toHaveLength(3);
  });

  it('writes verify.md, impact.md and tests.md into an existing task run, and refuses an unknown one', async () => {
    const root = await committedWithContracts();
    writeTree(root, {
      'src/ui/view.ts':
        'import { handler } from "../api/server.js";\nexport const render = () => String(handler()) + "!";\n',
    });
    mkdirSync(join(root, '.agent-context/runs/T-1'), { recursive: true });
    const report = await verify(root, { task: 'T-1' });
    expect(report.written).toEqual([
      '.agent-context/verify.json',
      '.agent-context/verify.md',
      '.agent-context/runs/T-1/verify.md',
      '.agent-context/runs/T-1/impact.md',
      '.agent-context/runs/T-1/tests.md',
    ]);
    const tests = readFileSync(join(root, '.agent-context/runs/T-1/tests.md'), 'utf8');
    expect(tests).toContain('`npx vitest run test/ui/view.test.ts`');
    expect(readFileSync(join(root, '.agent-context/runs/T-1/impact.md'), 'utf8')).toContain(
      '# Change impact',
    );
    const missing = await runCliInProcess(['verify', root, '--task', 'T-2']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('no task run "T-2"');
    expect(missing.stderr).toContain('existing runs: T-1');
    const traversal = await runCliInProcess(['verify', root, '--task', '../x']);
    expect(traversal.code).toBe(2);
  });
});
