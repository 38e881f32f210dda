/**
 * Go import resolution. Every `go.mod` in the repository declares a module (nested modules
 * included); `replace` directives to local directories (in `go.mod` or `go.work`) add more.
 * An import path inside a module (the longest module path that prefixes it wins) names a
 * package directory, and the import becomes one edge to each non-test `.go` file directly in
 * that directory (not in subdirectories; `_test.go` files excluded; build constraints are not
 * evaluated, so a file for another OS still gets its edge), in path order. The standard library (no dot in the first
 * path element) is `builtin:go:<path>`; other imports are `go:<module path>`, the module taken
 * from the importing module's `require` list, else from the host's conventions.
 */
import { directoryOf } from '../../shared/path.js';
import type { Resolution } from '../types.js';
import type { ModuleResolver, ResolverContext } from './resolver.js';

interface GoModule {
  path: string;
  /** Repository directory of the module (`''` for the root). */
  directory: string;
  requires: string[];
}

export const goResolver: ModuleResolver = {
  id: 'go',
  languages: ['go'],
  create(context) {
    const modules = readModules(context);
    const packages = packageFiles(context.files);
    const byLength = [...modules].sort((a, b) => b.path.length - a.path.length || compare(a.path, b.path));
    return (from, fact) => {
      const path = fact.specifier;
      const owner = byLength.find((module) => path === module.path || path.startsWith(`${module.path}/`));
      if (owner) {
        const directory = joinPath(owner.directory, path.slice(owner.path.length + 1));
        const files = packages.get(directory);
        if (files) return files.map((file): Resolution => ({ type: 'file', path: file }));
        return {
          type: 'unresolved',
          reason: 'not-found',
          detail: `no non-test .go files in ${directory || '.'}/`,
        };
      }
      if (path === 'C') return { type: 'external', ecosystem: 'builtin', name: 'go:C', builtin: true };
      if (!path.split('/')[0]!.includes('.'))
        return { type: 'external', ecosystem: 'builtin', name: `go:${path}`, builtin: true };
      return {
        type: 'external',
        ecosystem: 'go',
        name: externalModule(path, enclosingModule(from.path, modules)),
      };
    };
  },
};

/** Modules from every `go.mod`, plus local `replace` targets (which may have no go.mod of their own here). */
function readModules(context: ResolverContext): GoModule[] {
  const modules: GoModule[] = [];
  const manifests = [...context.files].filter((path) => /(^|\/)go\.(mod|work)$/.test(path)).sort(compare);
  for (const manifest of manifests) {
    const text = context.readFile(manifest);
    if (text === undefined) continue;
    const directory = directoryOf(manifest);
    const declared = /^\s*module\s+("?)([^\s"]+)\1/m.exec(text)?.[2];
    if (declared && manifest.endsWith('go.mod'))
      modules.push({ path: declared, directory, requires: directives(text, 'require') });
    for (const replacement of directives(text, 'replace', true)) {
      const match = /^(\S+)(?:\s+\S+)?\s+=>\s+(\.{1,2}\/\S*)$/.exec(replacement);
      if (!match) continue;
      const target = normalise(joinPath(directory, match[2]!));
      if (target !== undefined) modules.push({ path: match[1]!, directory: target, requires: [] });
    }
  }
  return modules;
}

/** The entries of `require x v1` / `require ( ... )` blocks: module paths (or whole lines). */
function directives(text: string, keyword: string, wholeLine = false): string[] {
  const entries: string[] = [];
  const take = (line: string) => {
    const clean = line.replace(/\/\/.*$/, '').trim();
    if (clean) entries.push(wholeLine ? clean : clean.split(/\s+/)[0]!);
  };
  const lines = text.split('\n');
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.trim();
    if (line === `${keyword} (`) {
      for (index++; index < lines.length && lines[index]!.trim() !== ')'; index++) take(lines[index]!);
    } else if (line.startsWith(`${keyword} `)) take(line.slice(keyword.length + 1));
  }
  return entries;
}

/** Non-test `.go` files by directory, each list sorted. */
function packageFiles(files: ReadonlySet<string>): Map<string, string[]> {
  const packages = new Map<string, string[]>();
  for (const path of files) {
    if (!path.endsWith('.go') || path.endsWith('_test.go')) continue;
    const directory = directoryOf(path);
    const list = packages.get(directory);
    if (list) list.push(path);
    else packages.set(directory, [path]);
  }
  for (const list of packages.values()) list.sort(compare);
  return packages;
}

function enclosingModule(path: string, modules: GoModule[]): GoModule | undefined {
  let best: GoModule | undefined;
  for (const module of modules) {
    const inside = module.directory === '' || path.startsWith(`${module.directory}/`);
    if (inside && (!best || module.directory.length > best.directory.length)) best = module;
  }
  return best;
}

/** The module an external import belongs to: the longest `require` prefix, else the host's convention. */
function externalModule(path: string, module: GoModule | undefined): string {
  const required = (module?.requires ?? [])
    .filter((entry) => path === entry || path.startsWith(`${entry}/`))
    .sort((a, b) => b.length - a.length)[0];
  if (required) return required;
  const parts = path.split('/');
  if (/^(github\.com|gitlab\.com|bitbucket\.org|golang\.org|go\.googlesource\.com)$/.test(parts[0]!))
    return parts.slice(0, 3).join('/');
  if (parts[0] === 'gopkg.in') return parts.slice(0, 2).join('/');
  return path;
}

function joinPath(directory: string, rest: string): string {
  return [directory, rest].filter(Boolean).join('/');
}

/** Resolves `.` and `..` in a repository path; undefined when it leaves the repository. */
function normalise(path: string): string | undefined {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else parts.push(part);
  }
  return parts.join('/');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
