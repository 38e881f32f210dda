import { describe, expect, it } from 'vitest';
import { checkContracts } from '../../src/api/index.js';
import { isOcppError } from '../../src/shared/errors.js';
import { runCliInProcess } from '../helpers/cli.js';
import { makeRepo, writeTree } from '../helpers/repo.js';
import { CONTRACTS_DIR, coreBelowApi, json, shopProject } from './fixture.js';

async function errorOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isOcppError(error)) return error;
    throw error;
  }
  throw new Error('expected an error');
}

describe('malformed contracts', () => {
  it('names the file, line and column of a JSON syntax error (exit 2)', async () => {
    const root = makeRepo({
      ...shopProject,
      [`${CONTRACTS_DIR}/safety.contract.json`]: '{\n  "schemaVersion": 1,\n  oops\n}\n',
    });
    const error = await errorOf(checkContracts(root));
    expect(error.code).toBe('INPUT_INVALID');
    expect(error.details.file).toBe(`${CONTRACTS_DIR}/safety.contract.json`);
    expect(error.details.line).toBe(3);
    const run = await runCliInProcess(['validate-contracts', root, '--json']);
    expect(run.code).toBe(2);
    expect(JSON.parse(run.stdout).error.file).toBe(`${CONTRACTS_DIR}/safety.contract.json`);
  });

  it('names an unknown key and its line', async () => {
    const text = json({ schemaVersion: 1, forbidden: [{ name: 'x', comment: 'why', fromm: {} }] });
    const root = makeRepo({ ...shopProject, [`${CONTRACTS_DIR}/module-boundaries.json`]: text });
    const error = await errorOf(checkContracts(root));
    expect(error.message).toContain('unknown key "fromm"');
    expect(error.details).toMatchObject({
      file: `${CONTRACTS_DIR}/module-boundaries.json`,
      key: 'forbidden.0.fromm',
      line: 7,
    });
  });

  it('rejects a regular expression that does not compile, a rule without a comment, and an unknown layer', async () => {
    const badRegex = json({
      schemaVersion: 1,
      forbidden: [{ name: 'x', comment: 'why', from: { path: '([' } }],
    });
    let root = makeRepo({ ...shopProject, [`${CONTRACTS_DIR}/module-boundaries.json`]: badRegex });
    expect((await errorOf(checkContracts(root))).details.key).toBe('forbidden.0.from.path');
    const noComment = json({ schemaVersion: 1, forbidden: [{ name: 'x', from: {} }] });
    root = makeRepo({ ...shopProject, [`${CONTRACTS_DIR}/module-boundaries.json`]: noComment });
    expect((await errorOf(checkContracts(root))).details.key).toBe('forbidden.0.comment');
    const unknownLayer = json({
      schemaVersion: 1,
      layers: [{ name: 'a', paths: ['src/**'], mayImport: ['b'] }],
    });
    root = makeRepo({ ...shopProject, [`${CONTRACTS_DIR}/architecture.contract.json`]: unknownLayer });
    const error = await errorOf(checkContracts(root));
    expect(error.details.key).toBe('layers.0.mayImport.0');
    expect(error.message).toContain('no layer is named "b"');
  });

  it('refuses a contract from a newer version of the tool and leaves it alone', async () => {
    const text = json({ schemaVersion: 7, commands: {} });
    const root = makeRepo({ ...shopProject, [`${CONTRACTS_DIR}/commands.contract.json`]: text });
    const error = await errorOf(checkContracts(root));
    expect(error.code).toBe('STATE_VERSION');
    expect(error.details.file).toBe(`${CONTRACTS_DIR}/commands.contract.json`);
  });

  it('still validates outside a git repository, skipping the rules that need a change', async () => {
    const root = makeRepo(shopProject, { git: false });
    writeTree(root, {
      [`${CONTRACTS_DIR}/architecture.contract.json`]: coreBelowApi,
    });
    const report = await checkContracts(root);
    expect(report.base).toBeUndefined();
    expect(report.rules.skipped.map((rule) => rule.id)).toContain('lockfile-sync');
    expect(report.notes.join('\n')).toContain('not a git repository');
    expect(report.findings.map((finding) => `${finding.ruleId} ${finding.file}:${finding.line}`)).toEqual([
      'architecture-layer src/api/server.ts:1',
    ]);
    const run = await runCliInProcess(['validate-contracts', root]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('layer "api" imports src/core/tax.ts of layer "core"');
  });
});
