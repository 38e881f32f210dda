/**
 * `renderTaskVerify()`: writes a verify report as `.agent-context/verify.json` + `verify.md`, and
 * into a task run's verify.md / impact.md / tests.md when a task id is given.
 */
import { OcppError } from '../shared/errors.js';
import { listDirectory, pathExists, writeFileAtomic, writeJsonAtomic } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { absolutePath } from '../shared/path.js';
import { renderImpactMarkdown, renderTestsMarkdown, renderVerifyMarkdown } from './markdown.js';
import type { VerifyReport } from './verify.js';

export interface RenderOptions {
  /** A task run id: also write its verify.md, impact.md and tests.md. */
  task?: string;
}

/** Writes verify.json and verify.md (and the task run's files); returns the paths written. */
export async function renderTaskVerify(
  root: string,
  report: VerifyReport,
  options: RenderOptions = {},
): Promise<string[]> {
  const runDirectory = options.task === undefined ? undefined : await taskRunDirectory(root, options.task);
  const verifyMarkdown = renderVerifyMarkdown(report);
  const files: Array<[string, string | object]> = [
    [layout.verifyJson, report],
    [layout.verifyMarkdown, verifyMarkdown],
  ];
  if (runDirectory) {
    files.push([`${runDirectory}/verify.md`, verifyMarkdown]);
    files.push([`${runDirectory}/impact.md`, renderImpactMarkdown(report.impact)]);
    files.push([`${runDirectory}/tests.md`, renderTestsMarkdown(report.tests)]);
  }
  for (const [path, content] of files) {
    if (typeof content === 'string') await writeFileAtomic(absolutePath(root, path), content);
    else await writeJsonAtomic(absolutePath(root, path), content);
  }
  return files.map(([path]) => path);
}

async function taskRunDirectory(root: string, task: string): Promise<string> {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(task)) {
    throw new OcppError('USAGE', `task id "${task}" is not valid`, {
      key: 'task',
      hint: 'a task id is letters, digits, ".", "_" and "-"',
    });
  }
  const directory = `${layout.runs}/${task}`;
  if (await pathExists(absolutePath(root, directory))) return directory;
  const existing = await listDirectory(absolutePath(root, layout.runs));
  throw new OcppError('NOT_FOUND', `no task run "${task}" under ${layout.runs}/`, {
    key: 'task',
    hint:
      existing.length > 0
        ? `existing runs: ${existing.slice(0, 10).join(', ')}`
        : 'create the task run first, or leave out --task',
  });
}
