import type { Log } from 'sarif';
import { describe, expect, it } from 'vitest';
import type { ContractFinding } from '../../src/contracts/types.js';
import { toSarif } from '../../src/report/sarif.js';
import { runCliInProcess } from '../helpers/cli.js';
import { makeRepo, writeTree } from '../helpers/repo.js';
import { CONTRACTS_DIR, coreBelowApi, shopProject } from './fixture.js';

const finding = (overrides: Partial<ContractFinding> = {}): ContractFinding => ({
  ruleId: 'module-boundary/no-up',
  severity: 'forbidden',
  file: 'src/a b.ts',
  line: 3,
  message: 'src/a b.ts imports src/c.ts',
  fix: 'remove it',
  contract: `${CONTRACTS_DIR}/module-boundaries.json`,
  ...overrides,
});

describe('SARIF 2.1.0 output', () => {
  it('has the shape GitHub code scanning reads: rules, levels, relative uris, lines, fingerprints', () => {
    const log: Log = toSarif({
      findings: [
        finding(),
        finding({
          ruleId: 'missing-test',
          severity: 'required',
          file: 'src/c.ts',
          line: undefined,
          message: 'src/c.ts changed',
        }),
        finding({ ruleId: 'protected-path', severity: 'risk', file: '.env', line: undefined }),
      ],
      descriptions: [
        {
          id: 'module-boundary/no-up',
          description: 'Rule "no-up": lower layers never import higher ones',
          contract: 'x',
        },
      ],
    });
    expect(log.version).toBe('2.1.0');
    expect(log.$schema).toBe('https://json.schemastore.org/sarif-2.1.0.json');
    const run = log.runs[0]!;
    expect(run.tool.driver.name).toBe('opencode-plusplus');
    expect(run.tool.driver.rules!.map((rule) => rule.id)).toEqual([
      'missing-test',
      'module-boundary/no-up',
      'protected-path',
    ]);
    expect(run.tool.driver.rules![1]!.shortDescription!.text).toBe(
      'Rule "no-up": lower layers never import higher ones',
    );
    const results = run.results!;
    expect(results.map((result) => result.level)).toEqual(['error', 'warning', 'note']);
    for (const result of results) expect(run.tool.driver.rules![result.ruleIndex!]!.id).toBe(result.ruleId);
    const location = results[0]!.locations![0]!.physicalLocation!;
    expect(location.artifactLocation).toEqual({ uri: 'src/a%20b.ts', uriBaseId: '%SRCROOT%' });
    expect(location.region).toEqual({ startLine: 3 });
    expect(results[1]!.locations![0]!.physicalLocation!.region).toBeUndefined();
    const moved = toSarif({ findings: [finding({ line: 40 })], descriptions: [] });
    expect(moved.runs[0]!.results[0]!.partialFingerprints).toEqual(results[0]!.partialFingerprints);
  });

  it('validate-contracts --format sarif prints one SARIF document and exits 1 on a forbidden finding', async () => {
    const root = makeRepo(shopProject);
    writeTree(root, {
      [`${CONTRACTS_DIR}/architecture.contract.json`]: coreBelowApi,
    });
    const run = await runCliInProcess(['validate-contracts', root, '--format', 'sarif']);
    expect(run.code).toBe(1);
    const log = JSON.parse(run.stdout) as Log;
    const result = log.runs[0]!.results!.find((entry) => entry.ruleId === 'architecture-layer')!;
    expect(result.locations![0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'src/api/server.ts', uriBaseId: '%SRCROOT%' },
      region: { startLine: 1 },
    });
    const bad = await runCliInProcess(['validate-contracts', root, '--format', 'xml']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('unknown --format "xml"');
  });
});
