import { describe, expect, it } from 'vitest';
import { retrieve } from '../../src/api/retrieval.js';
import { makeRepo } from '../helpers/repo.js';

/**
 * A builder package whose tests live in a folder named after it (`test/builder/`, as clap's
 * `tests/builder/*.rs`): the test map links each of them to `src/builder/index.ts` by that folder
 * name alone. The task is about conflicts between arguments; the tests that match it speak of
 * conflicts too, and only one of them imports the file it exercises.
 */
const builder = {
  'package.json': JSON.stringify({ name: 'argue', type: 'module' }),
  'src/builder/index.ts':
    "export { Arg } from './arg.js';\nexport { groupOf } from './group.js';\nexport { checkAsserts } from './asserts.js';\n",
  'src/builder/arg.ts':
    '/** An argument: its id, and the ids it conflicts with. */\nexport class Arg {\n  conflicts: string[] = [];\n  conflictsWith(id: string): this {\n    this.conflicts.push(id);\n    return this;\n  }\n}\n',
  'src/builder/group.ts':
    '/** Groups of arguments that are required together. */\nexport function groupOf(ids: string[]) {\n  return ids;\n}\n',
  'src/builder/asserts.ts':
    '/** Checks the builder before parsing: an argument that conflicts with itself is a bug. */\nexport function checkAsserts(ids: string[], self: string) {\n  if (ids.includes(self)) throw new Error("an argument conflicts with itself");\n}\n',
  'src/parser/parse.ts':
    '/** Parses the command line. */\nexport function parse(argv: string[]) {\n  return argv;\n}\n',
  'test/builder/conflicts.test.ts':
    "import { Arg } from '../../src/builder/arg.js';\n// two arguments that conflict: the conflicts are reported\n// conflicts with a group, conflicts with itself\nnew Arg().conflictsWith('b');\n",
  'test/builder/conflicts_groups.test.ts':
    '// an argument that conflicts with a group conflicts with each member\n// conflicts reported once\n',
  'test/builder/conflicts_help.test.ts': '// help lists the conflicts of each argument\n// conflicts shown\n',
  'test/builder/conflicts_errors.test.ts':
    '// the error names both conflicts\n// conflicts with a required argument\n',
  'test/builder/conflicts_env.test.ts': '// an env value that conflicts\n// conflicts from the environment\n',
};

describe('sources of the tests that match the task', () => {
  it('a test folder named after a package votes for no file: its name is not evidence for the package index', async () => {
    const root = makeRepo(builder);
    const result = await retrieve('Rename the internal conflicts field of an argument', root, { top: 10 });
    const byPath = new Map(result.files.map((file) => [file.path, file]));
    // Five matching tests sit in test/builder/; each used to lend index.ts its folder's name.
    expect(byPath.get('src/builder/index.ts')?.signals.tests ?? 0).toBe(0);
    // The test that imports what it exercises still lifts it, and says so.
    const arg = byPath.get('src/builder/arg.ts')!;
    expect(arg.signals.tests).toBeGreaterThan(0);
    expect(arg.reasons.join('\n')).toMatch(/tested by test\/builder\/conflicts\.test\.ts/);
    // The secondary file of the change (its words are fewer) ranks above the folder's index.
    const paths = result.files.map((file) => file.path);
    const index = paths.indexOf('src/builder/index.ts');
    expect(paths.indexOf('src/builder/asserts.ts')).toBeGreaterThanOrEqual(0);
    if (index >= 0) expect(paths.indexOf('src/builder/asserts.ts')).toBeLessThan(index);
  });
});
