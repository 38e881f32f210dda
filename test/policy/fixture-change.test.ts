import { describe, expect, it } from 'vitest';
import { build, policy, traceAdd, traceStart, update } from '../../src/api/index.js';
import { makeRepo, writeTree } from '../helpers/repo.js';

describe('policy gate on a change to test data', () => {
  it('asks for the tests when only an expected output the tests read changed', async () => {
    const root = makeRepo({
      'Cargo.toml': '[package]\nname = "cli"\nversion = "0.1.0"\nedition = "2021"\n',
      'src/main.rs': 'fn main() {\n    println!("usage: cli");\n}\n',
      'tests/ui.rs': '#[test]\nfn ui() {\n    trycmd::TestCases::new().case("tests/ui/*.toml");\n}\n',
      'tests/ui/help.toml': 'bin.name = "cli"\nargs = ["--help"]\n',
      'tests/ui/help.stdout': 'usage: cli\n',
    });
    await build(root);
    const trace = await traceStart(root, { task: 'reword the usage line' });
    writeTree(root, { 'tests/ui/help.stdout': 'Usage: cli [OPTIONS]\n' });
    await update(root);
    await traceAdd(root, trace.id, {
      kind: 'edit',
      message: 'new usage text',
      files: ['tests/ui/help.stdout'],
    });
    const report = await policy(root, { traceId: trace.id, evidencePolicy: 'balanced' });
    expect(report.requirements.map((requirement) => requirement.requirement)).toEqual(['tests']);
    expect(report.passed).toBe(false);
  });
});
