/**
 * The Markdown files of a task run, rendered from its task pack. Files that later stages fill
 * (verify.md, impact.md) say plainly that they are empty and which stage fills them.
 */
import { bulletList } from '../shared/markdown.js';
import { expectedDiffOf } from './expected-diff.js';
import type { TaskPack } from './types.js';

export function renderPlan(pack: TaskPack, runDir: string): string {
  const detailed = pack.files.filter((file) => file.representation !== 'line');
  const test = commandOf(pack, 'test');
  const lines = [
    `# Plan: ${pack.taskId}`,
    '',
    ...quote(pack.task),
    '',
    '## Steps',
    '',
    `1. Read \`${runDir}/pack.md\`: ${detailed.length} file(s) chosen for this task, best first${detailed[0] ? `, starting with \`${detailed[0].path}\`` : ''}.`,
    `2. Make the change inside the edit boundary (\`${runDir}/edit-boundary.md\`); the files expected to change are in \`expected-diff.md\`.`,
    `3. Add or update the tests that prove it (\`${runDir}/tests.md\` lists the ${pack.tests.length} test file(s) covering these files).`,
    test
      ? `4. Run the tests: \`${test.command}\` (${test.source}).`
      : '4. Run the tests (no test command was detected: see tests.md).',
    '5. Report what changed and the commands you ran with their results; the verification stage records them in `verify.md`.',
    '',
    '## Expected artifacts',
    '',
    '- a diff confined to the allowed globs of `edit-boundary.md`',
    '- new or updated tests next to the ones listed in `tests.md`',
    '- `verify.md`: command evidence for the change (filled by the verification stage)',
    '- `impact.md`: the files the change affects (filled by impact analysis after the edit)',
    '',
  ];
  return lines.join('\n');
}

export function renderEditBoundary(pack: TaskPack): string {
  const { editBoundary } = pack;
  const lines = [
    `# Edit boundary: ${pack.taskId}`,
    '',
    'Derived from the task pack: the files chosen for the task, the files it names, the tests that',
    'cover them and new files beside the best hits. Edits elsewhere are not forbidden, but they need a reason.',
    '',
    '## allowedEditGlobs',
    '',
    ...bulletList(editBoundary.allowedEditGlobs.map(code), 'none: nothing matched the task'),
    '',
    '## avoidEditGlobs',
    '',
    ...bulletList(
      editBoundary.avoidEditGlobs.map((glob) =>
        `${code(glob)} — ${editBoundary.reasons[glob] ?? ''}`.trimEnd(),
      ),
      'none',
    ),
    '',
  ];
  return lines.join('\n');
}

export function renderExpectedDiff(pack: TaskPack): string {
  const expected = expectedDiffOf(pack);
  const reasons = new Map(pack.files.map((file) => [file.path, file.reasons[0]]));
  const lines = [
    `# Expected diff: ${pack.taskId}`,
    '',
    expected.mode === 'all'
      ? 'The task names these files: each is expected to change.'
      : 'The edit targets of the pack, best first: the change is expected in one or more of them, and a one-file fix in any of them completes the plan.',
    '',
    '## Files expected to change',
    '',
    ...bulletList(
      expected.files.map((path) => `${code(path)} — ${reasons.get(path) ?? 'named by the task'}`),
      'none predicted: nothing matched the task',
    ),
    '',
    '## Tests likely to change or be added',
    '',
    ...bulletList(
      pack.tests.slice(0, 3).map((test) => code(test.path)),
      'none found: add a test beside the changed file',
    ),
    '',
  ];
  if (pack.explicitFiles.some((file) => !file.exists)) {
    lines.push('## Named by the task but not in the tree (to be created?)', '');
    for (const file of pack.explicitFiles.filter((entry) => !entry.exists))
      lines.push(`- ${code(file.path)}`);
    lines.push('');
  }
  return lines.join('\n');
}

export function renderTests(pack: TaskPack): string {
  const lines = [`# Tests: ${pack.taskId}`, '', '## Commands', ''];
  const commands = pack.commands.filter((entry) =>
    ['test', 'typecheck', 'lint', 'build'].includes(entry.name),
  );
  lines.push(
    ...bulletList(
      commands.map((entry) => `${entry.name}: ${code(entry.command)} (${entry.source})`),
      'none detected: add a test script to the project manifest',
    ),
  );
  lines.push('', '## Tests covering the chosen files', '');
  lines.push(
    ...bulletList(
      pack.tests.map((test) => {
        const covers =
          test.covers.length > 0 ? ` — covers ${test.covers.slice(0, 3).map(code).join(', ')}` : '';
        return `${code(test.path)}${covers}`;
      }),
      'none found: the chosen files have no test that imports them or is named after them',
    ),
  );
  lines.push('');
  return lines.join('\n');
}

/** A task run file that a later stage fills: its heading and a note saying which stage, and with what. */
function placeholder(title: string, pack: TaskPack, note: readonly string[]): string {
  return [`# ${title}: ${pack.taskId}`, '', ...note, ''].join('\n');
}

export function renderVerifyPlaceholder(pack: TaskPack): string {
  return placeholder('Verification', pack, [
    'Empty: nothing has been verified yet. The verification stage fills this file with the commands',
    'run on the changed tree, their exit codes and who observed them.',
  ]);
}

export function renderImpactPlaceholder(pack: TaskPack): string {
  return placeholder('Impact', pack, [
    'Empty: no change has been made yet. Impact analysis fills this file from the diff after the edit:',
    'changed files, the files that depend on them, risk and the tests to run.',
  ]);
}

export function commandOf(pack: TaskPack, name: string): TaskPack['commands'][number] | undefined {
  return pack.commands.find((entry) => entry.name === name);
}

function quote(text: string): string[] {
  const shown = text.length > 2000 ? `${text.slice(0, 2000)}… (${text.length} characters)` : text;
  return shown.split('\n').map((line) => `> ${line}`.trimEnd());
}

function code(text: string): string {
  return `\`${text}\``;
}
