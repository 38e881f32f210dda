/**
 * One prompt per executor, the text to hand an agent CLI to start the task. The body is shared;
 * each executor adds what differs for it (which instructions file it reads on its own). Adding
 * an executor: one entry in `executors`.
 */
import { commandOf } from './documents.js';
import type { TaskPack } from './types.js';

export interface ExecutorPrompt {
  /** Executor id, also in the file name `prompt.<id>.md`. */
  id: string;
  name: string;
  /** What this agent reads by itself, and what to do about it. */
  instructions: string;
}

export const executors: Readonly<Record<string, ExecutorPrompt>> = {
  claude: {
    id: 'claude',
    name: 'Claude Code',
    instructions:
      'Claude Code reads CLAUDE.md, not AGENTS.md: if CLAUDE.md does not import it (`@AGENTS.md`), read AGENTS.md first.',
  },
  codex: {
    id: 'codex',
    name: 'Codex CLI',
    instructions: 'Codex reads AGENTS.md from the repository root down to the working directory by itself.',
  },
  cursor: {
    id: 'cursor',
    name: 'Cursor',
    instructions: 'Read AGENTS.md at the repository root first: it holds the project context.',
  },
  opencode: {
    id: 'opencode',
    name: 'OpenCode',
    instructions: 'OpenCode reads AGENTS.md by itself; the project context is in its managed block.',
  },
  mimocode: {
    id: 'mimocode',
    name: 'MiMo Code',
    instructions: 'Read AGENTS.md at the repository root first: it holds the project context.',
  },
};

export function promptFileName(executor: ExecutorPrompt): string {
  return `prompt.${executor.id}.md`;
}

export function renderPrompt(pack: TaskPack, executor: ExecutorPrompt, runDir: string): string {
  const detailed = pack.files.filter((file) => file.representation !== 'line');
  const test = commandOf(pack, 'test');
  const lines = [
    `# Task ${pack.taskId} (${executor.name})`,
    '',
    pack.task,
    '',
    '## Before you edit',
    '',
    `- ${executor.instructions}`,
    `- Read \`${runDir}/pack.md\`: the files chosen for this task, best first, with why each was chosen.`,
    ...detailed.slice(0, 8).map((file) => `  - \`${file.path}\``),
    ...(pack.lessons.length > 0
      ? [
          '- Lessons from earlier sessions on this repository:',
          ...pack.lessons.map((lesson) => `  - ${lesson.line}`),
        ]
      : []),
    '',
    '## Where to edit',
    '',
    `Stay inside the allowed globs of \`${runDir}/edit-boundary.md\`; do not edit:`,
    ...pack.editBoundary.avoidEditGlobs.slice(0, 12).map((glob) => `- \`${glob}\``),
    '',
    '## How to prove it',
    '',
    test ? `Run \`${test.command}\`.` : 'No test command was detected; say how you tested the change.',
    pack.tests.length > 0
      ? `Tests covering these files: ${pack.tests
          .slice(0, 5)
          .map((entry) => `\`${entry.path}\``)
          .join(', ')}.`
      : 'No test covers these files yet: add one beside the changed file.',
    '',
    '## When you are done',
    '',
    'Say which files you changed and why, and list every command you ran with its exit code.',
    '',
  ];
  return lines.join('\n');
}
