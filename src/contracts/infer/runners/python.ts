/**
 * Python runners: pytest when the project declares or configures it (pyproject's
 * [tool.pytest.ini_options], pytest.ini, setup.cfg, tox.ini, conftest.py, a pytest dependency),
 * else unittest when test modules exist. `testpaths` and `python_files` narrow what pytest runs.
 */
import { PYTEST_CONFTEST } from '../../../scan/file-kinds.js';
import { parseToml } from '../../../shared/toml.js';
import type { TestRunnerEntry } from '../../schema.js';
import type { InferenceInput } from '../input.js';
import { commandOf, hasFile, runnerEntry, stringList } from './shared.js';

interface PytestOptions {
  testpaths?: string[];
  python_files?: string[];
}

export function pythonRunners(input: InferenceInput): TestRunnerEntry[] {
  if (!input.project.ecosystems.includes('python')) return [];
  const testCommand = commandOf(input.project, 'test');
  const options = pytestOptions(input);
  const declared =
    options !== undefined ||
    /pytest/.test(testCommand ?? '') ||
    hasFile(input, PYTEST_CONFTEST) ||
    /\bpytest\b/.test(input.readFile('pyproject.toml') ?? '') ||
    /\bpytest\b/.test(requirementsText(input));
  if (declared) {
    const files = options?.python_files ?? ['test_*.py', '*_test.py'];
    const roots = options?.testpaths ?? [''];
    const include = roots.flatMap((root) =>
      files.map((leaf) => `${root ? `${root.replace(/\/+$/, '')}/` : ''}**/${leaf}`),
    );
    const fullCommand = /pytest/.test(testCommand ?? '') ? testCommand! : 'python -m pytest';
    return [runnerEntry('pytest', include, 'python -m pytest', fullCommand)];
  }
  if (!hasFile(input, /(^|\/)test[^/]*\.py$/)) return [];
  return [
    runnerEntry('unittest', ['**/test*.py'], 'python -m unittest', 'python -m unittest discover', {
      comment: 'unittest discovery: modules named test*.py in importable packages.',
    }),
  ];
}

function pytestOptions(input: InferenceInput): PytestOptions | undefined {
  const pyproject = input.readFile('pyproject.toml');
  // A pyproject.toml that does not parse is reported by the scan; other files may still configure pytest.
  const document = pyproject === undefined ? undefined : parseToml(pyproject);
  const tool = document?.tool as { pytest?: { ini_options?: Record<string, unknown> } } | undefined;
  const ini = tool?.pytest?.ini_options;
  if (ini) return pickOptions((key) => ini[key]);
  for (const [file, section] of [
    ['pytest.ini', 'pytest'],
    ['setup.cfg', 'tool:pytest'],
    ['tox.ini', 'pytest'],
  ] as const) {
    const values = iniSection(input.readFile(file), section);
    if (values) return pickOptions((key) => values.get(key)?.split(/\s+/).filter(Boolean));
  }
  return undefined;
}

function pickOptions(read: (key: string) => unknown): PytestOptions {
  const testpaths = stringList(read('testpaths'));
  const files = stringList(read('python_files'));
  return { ...(testpaths ? { testpaths } : {}), ...(files ? { python_files: files } : {}) };
}

/** Keys of one `[section]` of an INI file (continuation lines joined). */
function iniSection(text: string | undefined, section: string): Map<string, string> | undefined {
  if (!text) return undefined;
  const values = new Map<string, string>();
  let inside = false;
  let last: string | undefined;
  for (const line of text.split('\n')) {
    const header = /^\[([^\]]+)\]/.exec(line);
    if (header) {
      if (inside) break;
      inside = header[1]!.trim() === section;
      continue;
    }
    if (!inside) continue;
    const pair = /^([\w.-]+)\s*[=:]\s*(.*)$/.exec(line);
    if (pair) {
      last = pair[1]!;
      values.set(last, pair[2]!.trim());
    } else if (last && /^\s+\S/.test(line)) values.set(last, `${values.get(last)} ${line.trim()}`);
  }
  return inside || values.size > 0 ? values : undefined;
}

function requirementsText(input: InferenceInput): string {
  return input.files
    .filter((file) => /^requirements[^/]*\.txt$|^(requirements|tests?)\/[^/]*\.txt$/.test(file.path))
    .map((file) => input.readFile(file.path) ?? '')
    .join('\n');
}
