import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContracts } from '../../src/api/index.js';
import { buildContextPackage } from '../../src/context/build.js';
import { commitAll, git, makeRepo, writeTree } from '../helpers/repo.js';
import { CONTRACTS_DIR, json, shopProject } from './fixture.js';

/** A committed repository with its inferred contracts, then `edits` applied to the work tree. */
async function changed(edits: Record<string, string | null>, extra: Record<string, string> = {}) {
  const root = makeRepo({ ...shopProject, ...extra });
  await buildContextPackage(root);
  commitAll(root, 'contracts');
  for (const [path, content] of Object.entries(edits)) {
    if (content === null) rmSync(join(root, path));
    else writeTree(root, { [path]: content });
  }
  return root;
}

async function findings(root: string, ruleId: string) {
  const report = await checkContracts(root);
  return report.findings
    .filter((finding) => finding.ruleId === ruleId || finding.ruleId.startsWith(`${ruleId}/`))
    .map(
      (finding) =>
        `${finding.severity} ${finding.file}${finding.line ? `:${finding.line}` : ''} ${finding.message}`,
    );
}

describe('contract rules', () => {
  it('architecture-layer: an import against the observed direction, with its line; type imports when allowed', async () => {
    const root = await changed({
      'src/core/price.ts':
        "import type { Handler } from '../api/types.js';\nimport { handler } from '../api/server.js';\nexport const price = (q: number) => q * 100 + Number(handler());\nexport type P = Handler;\n",
      'src/api/types.ts': 'export type Handler = () => number;\n',
    });
    expect(await findings(root, 'architecture-layer')).toEqual([
      'forbidden src/core/price.ts:1 layer "core" imports src/api/types.ts of layer "api"; it may import no other layer',
      'forbidden src/core/price.ts:2 layer "core" imports src/api/server.ts of layer "api"; it may import no other layer',
    ]);
    const contract = JSON.parse(readContract(root, 'architecture.contract.json'));
    contract.layers[0].mayImportTypes = ['api'];
    writeTree(root, { [`${CONTRACTS_DIR}/architecture.contract.json`]: json(contract) });
    expect(await findings(root, 'architecture-layer')).toEqual([
      'forbidden src/core/price.ts:2 layer "core" imports src/api/server.ts of layer "api"; it may import no other layer',
    ]);
  });

  it('module-boundary: sibling isolation with a capture group, type-only filter, externals, allowed list', async () => {
    const rules = {
      schemaVersion: 1,
      forbidden: [
        {
          name: 'plugins-stay-apart',
          comment: 'each plugin stands alone',
          from: { path: '^src/plugins/([^/]+)/' },
          to: { path: '^src/plugins/', pathNot: '^src/plugins/$1/' },
        },
        {
          name: 'no-lodash',
          comment: 'use the standard library',
          severity: 'risk',
          from: {},
          to: { external: true, path: '^npm:lodash$' },
        },
        {
          name: 'runtime-only',
          comment: 'types are fine',
          from: { path: '^src/ui/' },
          to: { path: '^src/core/', typeOnly: false },
        },
      ],
    };
    const root = await changed(
      {
        'src/plugins/a/index.ts':
          "import { b } from '../b/index.js';\nimport { a2 } from './helper.js';\nimport _ from 'lodash';\nexport const a = b + a2 + String(_);\n",
        'src/plugins/a/helper.ts': 'export const a2 = 1;\n',
        'src/plugins/b/index.ts': 'export const b = 2;\n',
        'src/ui/types.ts': "import type { gross } from '../core/tax.js';\nexport type G = typeof gross;\n",
        'src/ui/view.ts':
          "import { handler } from '../api/server.js';\nimport { price } from '../core/price.js';\nexport const render = () => String(handler() + price(1));\n",
      },
      { [`${CONTRACTS_DIR}/module-boundaries.json`]: json(rules) },
    );
    expect(await findings(root, 'module-boundary')).toEqual([
      'forbidden src/plugins/a/index.ts:1 src/plugins/a/index.ts imports src/plugins/b/index.ts ("../b/index.js"), which "plugins-stay-apart" forbids',
      'forbidden src/ui/view.ts:2 src/ui/view.ts imports src/core/price.ts ("../core/price.js"), which "runtime-only" forbids',
      'risk src/plugins/a/index.ts:3 src/plugins/a/index.ts imports npm:lodash ("lodash"), which "no-lodash" forbids',
    ]);
    writeTree(root, {
      [`${CONTRACTS_DIR}/module-boundaries.json`]: json({
        schemaVersion: 1,
        allowed: [{ comment: 'everything may import core', from: {}, to: { path: '^src/core/' } }],
        allowedSeverity: 'risk',
      }),
    });
    const outside = await findings(root, 'module-boundary');
    expect(outside).toEqual([
      'risk src/plugins/a/index.ts:1 src/plugins/a/index.ts imports src/plugins/b/index.ts, which no "allowed" rule permits',
      'risk src/plugins/a/index.ts:2 src/plugins/a/index.ts imports src/plugins/a/helper.ts, which no "allowed" rule permits',
      'risk src/ui/view.ts:1 src/ui/view.ts imports src/api/server.ts, which no "allowed" rule permits',
      'risk test/ui/view.test.ts:1 test/ui/view.test.ts imports src/ui/view.ts, which no "allowed" rule permits',
    ]);
  });

  it('protected-path: secrets forbidden, CI config a risk, migrations may be added but not edited', async () => {
    const root = await changed(
      {
        '.env': 'TOKEN=1\n',
        '.env.example': 'TOKEN=\n',
        '.github/workflows/ci.yml': 'on: push\n',
        'db/migrations/002_add.sql': 'create table b();\n',
        'db/migrations/001_init.sql': 'create table a(id int);\n',
      },
      { 'db/migrations/001_init.sql': 'create table a();\n', '.gitignore': '' },
    );
    expect(await findings(root, 'protected-path')).toEqual([
      'forbidden .env added protected path .env',
      'forbidden db/migrations/001_init.sql modified protected path db/migrations/001_init.sql',
      'risk .github/workflows/ci.yml added protected path .github/workflows/ci.yml',
    ]);
  });

  it('generated-path: hand edits to generated files are a risk', async () => {
    const root = await changed(
      { 'dist/index.js': 'export const x = 2;\n' },
      { 'dist/index.js': 'export const x = 1;\n' },
    );
    expect(await findings(root, 'generated-path')).toEqual([
      'risk dist/index.js modified generated file dist/index.js',
    ]);
  });

  it('lockfile-sync: dependencies changed without the lockfile; scripts alone need no lockfile', async () => {
    const manifest = JSON.parse(shopProject['package.json'] as string);
    const root = await changed({
      'package.json': json({ ...manifest, scripts: { ...manifest.scripts, build: 'tsc' } }),
    });
    expect(await findings(root, 'lockfile-sync')).toEqual([]);
    writeTree(root, { 'package.json': json({ ...manifest, dependencies: { zod: '4.0.0' } }) });
    expect(await findings(root, 'lockfile-sync')).toEqual([
      'required package.json package.json changed its dependencies but package-lock.json did not change',
    ]);
    writeTree(root, { 'package-lock.json': '{"lockfileVersion":3,"packages":{}}\n' });
    expect(await findings(root, 'lockfile-sync')).toEqual([]);
  });

  it('lockfile-sync: go.mod and Cargo.toml in a workspace folder find the lockfile above them', async () => {
    const root = await changed(
      {
        'go.mod': 'module example.com/x\n\ngo 1.22\n\nrequire (\n\tgithub.com/a/b v1.1.0\n)\n',
        'crates/a/Cargo.toml': '[package]\nname = "a"\nversion = "0.1.0"\n\n[dependencies]\nserde = "1"\n',
      },
      {
        'go.mod': 'module example.com/x\n\ngo 1.22\n\nrequire (\n\tgithub.com/a/b v1.0.0\n)\n',
        'go.sum': 'github.com/a/b v1.0.0 h1:x\n',
        'Cargo.lock': '# lock\n',
        'crates/a/Cargo.toml': '[package]\nname = "a"\nversion = "0.1.0"\n',
      },
    );
    expect(await findings(root, 'lockfile-sync')).toEqual([
      'required crates/a/Cargo.toml crates/a/Cargo.toml changed its dependencies but Cargo.lock did not change',
      'required go.mod go.mod changed its dependencies but go.sum did not change',
    ]);
  });

  it('env-example: a new variable read in code must be listed in the example file', async () => {
    const root = await changed(
      {
        'src/api/server.ts':
          "import { gross } from '../core/tax.js';\nconst key = process.env.API_KEY;\nconst port = process.env.PORT;\nexport const handler = () => gross(Number(port ?? key));\n",
      },
      { '.env.example': 'PORT=3000\n' },
    );
    expect(await findings(root, 'env-example')).toEqual([
      'required src/api/server.ts:2 reads the new environment variable API_KEY, which .env.example does not list',
    ]);
    writeTree(root, { '.env.example': 'PORT=3000\n# API_KEY=secret\n' });
    expect(await findings(root, 'env-example')).toEqual([]);
  });

  it('missing-test: a changed source needs a changed test that exercises it', async () => {
    const root = await changed({
      'src/core/tax.ts':
        "import { price } from './price.js';\nexport const gross = (q: number) => price(q) * 1.25;\n",
    });
    expect(await findings(root, 'missing-test')).toEqual([
      'required src/core/tax.ts src/core/tax.ts changed but no test that exercises it changed',
    ]);
    const report = await checkContracts(root);
    expect(report.findings.find((finding) => finding.ruleId === 'missing-test')?.fix).toContain(
      'test/ui/view.test.ts',
    );
    writeTree(root, {
      'test/ui/view.test.ts': "import { render } from '../../src/ui/view.js';\nrender();\nrender();\n",
    });
    expect(await findings(root, 'missing-test')).toEqual([]);
  });

  it('missing-test: a naming convention counts even without an import', async () => {
    const root = await changed({
      'src/core/price.ts': 'export function price(q: number): number {\n  return q * 101;\n}\n',
      'test/core/price.test.ts': 'it("prices", () => {});\n',
    });
    expect(await findings(root, 'missing-test')).toEqual([]);
  });

  it('forbidden-command, contract-paths and contract-edits', async () => {
    const root = await changed({});
    const tests = JSON.parse(readContract(root, 'test.contract.json'));
    tests.runners[0].fullCommand = 'npm test && npm publish';
    tests.runners.push({
      runner: 'mocha',
      include: ['spec/**/*.js'],
      command: 'npx mocha',
      fullCommand: 'npx mocha',
    });
    writeTree(root, { [`${CONTRACTS_DIR}/test.contract.json`]: json(tests) });
    const report = await checkContracts(root);
    const lines = report.findings.map(
      (finding) => `${finding.severity} ${finding.ruleId} ${finding.message}`,
    );
    expect(lines).toContain(
      'forbidden forbidden-command runners[0].fullCommand: npm test && npm publish is a forbidden command',
    );
    expect(lines).toContain('risk contract-paths runners[1] (mocha).include: matches no file');
    expect(lines).toContain(
      `risk contract-edits ${CONTRACTS_DIR}/test.contract.json is modified in this change`,
    );
    expect(report.counts.forbidden).toBe(1);
  });

  it('a missing path in a layer is a finding, never a crash', async () => {
    const root = await changed({
      [`${CONTRACTS_DIR}/architecture.contract.json`]: json({
        schemaVersion: 1,
        layers: [{ name: 'gone', paths: ['src/gone/**'], mayImport: [] }],
      }),
    });
    expect(await findings(root, 'contract-paths')).toEqual([
      `risk ${CONTRACTS_DIR}/architecture.contract.json layers[0] "gone": "src/gone/**" matches no file`,
    ]);
  });
});

function readContract(root: string, name: string): string {
  return git(root, 'show', `HEAD:${CONTRACTS_DIR}/${name}`);
}
