/**
 * Which files are generated, each with its evidence: a generator's marker in the first lines, a
 * name only generators give, a lockfile, minified text, the config's `scan.generated`, or a
 * command that writes the file (`--outfile src/x.json` in tox.ini, a Makefile, package.json
 * scripts). Folder names are not evidence. `generatedGlobs()` turns the list into the globs of
 * project.json, a whole folder when everything in it is generated.
 */
import { isGeneratedPath } from './classify.js';
import { isLockfile } from './file-kinds.js';
import type { ScannedFile } from './types.js';

export interface GeneratedFile {
  path: string;
  evidence: string;
}

/** Files whose text holds build commands, and how a command refers to the repository root in them. */
const COMMAND_FILES = [
  'tox.ini',
  'Makefile',
  'makefile',
  'GNUmakefile',
  'package.json',
  'noxfile.py',
  'justfile',
  'Justfile',
];
const ROOT_VARIABLES = /^(\{toxinidir\}|\$\(CURDIR\)|\$\{?PWD\}?|\$\{?CURDIR\}?|\.)\//;
/** `--outfile X`, `--output=X`, `-o X`, `> X`: the file a command writes. */
const OUTPUT_ARGUMENT = /(?:--out(?:put)?(?:-?file)?[ =]|\s-o\s+|\s>\s*)(["']?)([^\s"'&|;]+)\1/g;

export function commandFilesOf(files: readonly ScannedFile[]): string[] {
  return files.map((file) => file.path).filter((path) => COMMAND_FILES.includes(path));
}

/** Files written by a command in one of the command files (their texts by path). */
export function commandOutputs(
  texts: ReadonlyMap<string, string>,
  present: ReadonlySet<string>,
): GeneratedFile[] {
  const found: GeneratedFile[] = [];
  for (const [file, text] of [...texts].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    text.split('\n').forEach((line, index) => {
      for (const match of line.matchAll(OUTPUT_ARGUMENT)) {
        const target = match[2]!.replace(ROOT_VARIABLES, '');
        if (present.has(target) && !found.some((entry) => entry.path === target))
          found.push({ path: target, evidence: `written by a command in ${file}:${index + 1}` });
      }
    });
  }
  return found;
}

/** Every generated file of the scan with its evidence, by path. */
export function generatedFiles(
  files: readonly ScannedFile[],
  written: readonly GeneratedFile[],
  configured: (path: string) => boolean,
): GeneratedFile[] {
  const byCommand = new Map(written.map((entry) => [entry.path, entry.evidence]));
  const result: GeneratedFile[] = [];
  for (const file of files) {
    const evidence = evidenceFor(file, byCommand, configured);
    if (evidence) result.push({ path: file.path, evidence });
  }
  return result;
}

function evidenceFor(
  file: ScannedFile,
  byCommand: ReadonlyMap<string, string>,
  configured: (path: string) => boolean,
): string | undefined {
  if (isLockfile(file.path)) return 'lockfile, written by the package manager';
  if (byCommand.has(file.path)) return byCommand.get(file.path);
  if (file.skipped === 'minified') return 'minified';
  if (file.kind !== 'generated') return undefined;
  if (configured(file.path)) return 'listed in the config (scan.generated)';
  if (isGeneratedPath(file.path)) return 'named like generator output';
  return "a generator's marker in its first lines";
}

/** Globs for the list: a folder's `**` when all of its (several) files are generated, else each path. */
export function generatedGlobs(
  generated: readonly GeneratedFile[],
  files: readonly ScannedFile[],
): Array<{ glob: string; evidence: string }> {
  const perFolder = new Map<string, number>();
  for (const file of files) {
    const folder = file.path.includes('/') ? file.path.slice(0, file.path.indexOf('/')) : '';
    perFolder.set(folder, (perFolder.get(folder) ?? 0) + 1);
  }
  const generatedPerFolder = new Map<string, GeneratedFile[]>();
  for (const entry of generated) {
    const folder = entry.path.includes('/') ? entry.path.slice(0, entry.path.indexOf('/')) : '';
    generatedPerFolder.set(folder, [...(generatedPerFolder.get(folder) ?? []), entry]);
  }
  const globs: Array<{ glob: string; evidence: string }> = [];
  for (const [folder, entries] of generatedPerFolder) {
    const whole = folder !== '' && entries.length > 3 && entries.length === perFolder.get(folder);
    const evidence = [...new Set(entries.map((entry) => entry.evidence))].sort();
    if (whole) globs.push({ glob: `${folder}/**`, evidence: evidence.join('; ') });
    else for (const entry of entries) globs.push({ glob: entry.path, evidence: entry.evidence });
  }
  return globs.sort((a, b) => (a.glob < b.glob ? -1 : 1));
}
