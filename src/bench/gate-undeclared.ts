/**
 * The undeclared-package mutation: an import of a package no manifest declares, written the way
 * each language imports a package and where that language allows it, in the first source file of
 * each language the tree has (JavaScript/TypeScript, Python, Go, Rust). Java is left out: a
 * Maven or Gradle coordinate does not name the Java packages it provides, so no guard can say
 * which imports a build declares.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { joinPath } from '../shared/path.js';

export interface UndeclaredImport {
  file: string;
  apply(dir: string): Promise<void>;
}

interface Language {
  matches: RegExp;
  /** The file's text with the import added. */
  edit(text: string): string;
}

const LANGUAGES: readonly Language[] = [
  { matches: /\.[cm]?[jt]sx?$/, edit: scriptImport },
  { matches: /\.py$/, edit: (text) => `${text}\nimport fancy_undeclared_pkg_zz\n` },
  // An import declaration belongs right after the package clause.
  {
    matches: /(?<!_test)\.go$/,
    edit: (text) =>
      text.replace(/^(package\s+\w+[^\n]*)$/m, '$1\n\nimport _ "github.com/fancy-undeclared/pkgzz"\n'),
  },
  {
    matches: /\.rs$/,
    edit: (text) => `${text}\n#[allow(unused_imports)]\nuse fancy_undeclared_zz::Thing;\n`,
  },
];

function scriptImport(text: string): string {
  return /\b(import|export)\s/.test(text)
    ? `${text}\nimport fancyUndeclaredZz from 'fancy-undeclared-pkg-zz';\nexport const usesFancyZz = fancyUndeclaredZz;\n`
    : `${text}\nconst fancyUndeclaredZz = require('fancy-undeclared-pkg-zz');\nmodule.exports.usesFancyZz = fancyUndeclaredZz;\n`;
}

/** One mutation per language, in the first of `sources` (sorted) written in it. */
export function undeclaredImports(sources: readonly string[]): UndeclaredImport[] {
  const mutations: UndeclaredImport[] = [];
  for (const language of LANGUAGES) {
    const file = sources.find((path) => language.matches.test(path));
    if (!file) continue;
    mutations.push({
      file,
      apply: async (dir) => {
        const path = joinPath(dir, file);
        // A scratch worktree: no atomic write needed.
        writeFileSync(path, language.edit(readFileSync(path, 'utf8')));
      },
    });
  }
  return mutations;
}
