import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkContracts } from '../../src/api/index.js';
import { buildContextPackage } from '../../src/context/build.js';
import { readManifest } from '../../src/context/manifest.js';
import { hashContextDirectory } from '../../src/context/writers/package.js';
import { CONTRACT_FILES, CONTRACT_NAMES, parseContract, stateOf } from '../../src/contracts/index.js';
import { makeRepo, writeTree } from '../helpers/repo.js';
import { CONTRACTS_DIR, shopProject } from './fixture.js';

const read = (root: string, name: keyof typeof CONTRACT_FILES) =>
  readFileSync(join(root, CONTRACT_FILES[name].file), 'utf8');

describe('contract inference on the first build', () => {
  it('writes five valid, stamped contracts describing the repository', async () => {
    const root = makeRepo(shopProject);
    await buildContextPackage(root);
    for (const name of CONTRACT_NAMES) {
      const raw = JSON.parse(read(root, name));
      expect(stateOf(raw)).toBe('inferred');
      expect(() => parseContract(name, raw)).not.toThrow();
    }
    const architecture = JSON.parse(read(root, 'architecture'));
    const layers = Object.fromEntries(
      architecture.layers.map((layer: { name: string; mayImport: string[] }) => [
        layer.name,
        layer.mayImport,
      ]),
    );
    expect(layers).toEqual({ core: [], api: ['core'], ui: ['api'] });
    expect(architecture.layers.map((layer: { name: string }) => layer.name)).toEqual(['core', 'api', 'ui']);
    const tests = JSON.parse(read(root, 'tests'));
    expect(tests.runners).toHaveLength(1);
    expect(tests.runners[0]).toMatchObject({
      runner: 'vitest',
      include: ['test/**/*.test.ts'],
      command: 'npx vitest run',
      fullCommand: 'npm test',
    });
    expect(tests.conventions.map((convention: { source: string }) => convention.source)).toEqual([
      '^(?:src|lib|source)/(.+)\\.[cm]?[jt]sx?$',
      '^(?:.*/)?(?!index\\.|main\\.)([^/.]+)\\.[cm]?[jt]sx?$',
    ]);
    expect(tests.requireTestChange.paths).toEqual(['src/**']);
    expect(JSON.parse(read(root, 'commands')).commands.test).toEqual({
      command: 'npm test',
      source: 'package.json#scripts.test',
    });
    const boundaries = JSON.parse(read(root, 'boundaries'));
    expect(
      boundaries.forbidden.map((rule: { name: string; severity: string }) => `${rule.name}:${rule.severity}`),
    ).toEqual(['no-circular:forbidden', 'no-source-imports-tests:forbidden', 'no-orphans:risk']);
    const report = await checkContracts(root);
    expect(report.contracts.every((file) => file.state === 'inferred')).toBe(true);
    expect(report.counts.forbidden).toBe(0);
  });

  it('writes a rule the code already breaks as risk, so the first gate does not fail', async () => {
    const root = makeRepo({
      ...shopProject,
      'src/core/price.ts':
        "import { gross } from './tax.js';\nexport function price(q: number): number {\n  return q * 100 + gross(0);\n}\n",
    });
    await buildContextPackage(root);
    const rules = JSON.parse(read(root, 'boundaries')).forbidden;
    expect(rules.find((rule: { name: string }) => rule.name === 'no-circular').severity).toBe('risk');
    const report = await checkContracts(root);
    expect(report.findings.find((finding) => finding.ruleId === 'module-boundary/no-circular')?.message).toBe(
      'import cycle: src/core/price.ts -> src/core/tax.ts -> src/core/price.ts',
    );
  });

  it('never rewrites an edited contract, re-infers a deleted one, and keeps the manifest hash current', async () => {
    const root = makeRepo(shopProject);
    await buildContextPackage(root);
    const edited = read(root, 'architecture').replace(
      '"mayImport": [\n        "core"\n      ]',
      '"mayImport": []',
    );
    expect(edited).not.toBe(read(root, 'architecture'));
    writeTree(root, { [CONTRACT_FILES.architecture.file]: edited });
    expect(stateOf(JSON.parse(edited))).toBe('edited');
    const inferredSafety = read(root, 'safety');
    rmSync(join(root, CONTRACT_FILES.safety.file));
    await buildContextPackage(root);
    expect(read(root, 'architecture')).toBe(edited);
    expect(read(root, 'safety')).toBe(inferredSafety);
    expect((await readManifest(root))!.hashes.contracts).toBe(
      await hashContextDirectory(root, CONTRACTS_DIR),
    );
    const unchanged = await buildContextPackage(root, { mode: 'update' });
    expect(unchanged.mode).toBe('reused');
    const report = await checkContracts(root);
    expect(report.contracts.find((file) => file.name === 'architecture')?.state).toBe('edited');
    expect(report.findings.map((finding) => finding.ruleId)).toContain('architecture-layer');
  });

  it('re-infers on request only the contracts that are still exactly as inferred', async () => {
    const root = makeRepo(shopProject);
    await buildContextPackage(root);
    const tests = JSON.parse(read(root, 'tests'));
    tests.requireTestChange.severity = 'risk';
    writeTree(root, { [CONTRACT_FILES.tests.file]: `${JSON.stringify(tests, null, 2)}\n` });
    writeTree(root, {
      'src/billing/invoice.ts':
        "import { gross } from '../core/tax.js';\nexport const invoice = () => gross(1);\n",
    });
    const report = await checkContracts(root, { refreshInferred: true });
    expect(report.refreshed).toContain(CONTRACT_FILES.architecture.file);
    expect(report.refreshed).not.toContain(CONTRACT_FILES.tests.file);
    expect(JSON.parse(read(root, 'tests')).requireTestChange.severity).toBe('risk');
    expect(read(root, 'architecture')).toContain('"billing"');
  });

  it('infers byte-identical contracts for identical trees', async () => {
    const first = makeRepo(shopProject);
    const second = makeRepo(shopProject);
    await buildContextPackage(first);
    await buildContextPackage(second);
    for (const name of CONTRACT_NAMES) expect(read(first, name)).toBe(read(second, name));
  });
});
