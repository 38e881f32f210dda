/**
 * JavaScript and TypeScript resolution with oxc-resolver: tsconfig `paths` (found per file),
 * package.json `exports`/`imports`, workspace packages (by name, even before `npm install`),
 * extensionless and index imports, and `.js` specifiers that point at `.ts` sources.
 */
import { builtinModules } from 'node:module';
import { ResolverFactory } from 'oxc-resolver';
import { absolutePath, directoryOf, isInside, posix, relativePath, withoutRoot } from '../../shared/path.js';
import type { Resolution } from '../types.js';
import type { ModuleResolver, ResolverContext } from './resolver.js';

const BUILTINS = new Set(builtinModules);

export const typescriptResolver: ModuleResolver = {
  id: 'typescript',
  languages: ['typescript', 'javascript'],
  create(context) {
    const factory = new ResolverFactory({
      tsconfig: 'auto',
      extensions: ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json', '.node'],
      extensionAlias: {
        '.js': ['.ts', '.tsx', '.js', '.jsx', '.d.ts'],
        '.mjs': ['.mts', '.mjs', '.d.mts'],
        '.cjs': ['.cts', '.cjs', '.d.cts'],
        '.jsx': ['.tsx', '.jsx'],
      },
      conditionNames: ['source', 'development', 'import', 'module', 'require', 'node', 'default'],
      mainFields: ['source', 'module', 'main'],
      alias: workspaceAliases(context),
      builtinModules: false,
      symlinks: true,
    });
    const memo = new Map<string, Resolution>();
    return (from, fact) => {
      const specifier = fact.specifier;
      const key = `${directoryOf(from.path)}\0${specifier}`;
      let resolution = memo.get(key);
      if (!resolution) {
        resolution = resolveSpecifier(factory, context, from.path, specifier);
        memo.set(key, resolution);
      }
      return resolution;
    };
  },
};

function resolveSpecifier(
  factory: ResolverFactory,
  context: ResolverContext,
  from: string,
  specifier: string,
): Resolution {
  const bare = !specifier.startsWith('.') && !specifier.startsWith('/');
  if (specifier.startsWith('.')) {
    const path = resolveRelativeInScan(directoryOf(from), specifier, context.files);
    if (path) return { type: 'file', path };
  }
  if (bare && isBuiltin(specifier)) {
    const name = specifier.startsWith('node:') ? specifier : `node:${specifier.split('/')[0]}`;
    return { type: 'external', ecosystem: 'builtin', name, builtin: true };
  }
  if (/^[a-z][a-z0-9+.-]*:/i.test(specifier) && !specifier.startsWith('node:')) {
    return { type: 'external', ecosystem: 'url', name: specifier.replace(/[?#].*$/, '') };
  }
  const result = factory.resolveFileSync(absolutePath(context.root, from), specifier.replace(/[?#].*$/, ''));
  if (result.path) {
    const inRepository = isInside(context.root, result.path) && !/[\\/]node_modules[\\/]/.test(result.path);
    if (inRepository) {
      const path = relativePath(context.root, result.path);
      if (context.files.has(path)) return { type: 'file', path };
      const source = sourceOfBuildOutput(path, context.files);
      if (source) return { type: 'file', path: source };
      return { type: 'unresolved', reason: 'ignored-target', detail: `${path} is not part of the scan` };
    }
    if (bare) return { type: 'external', ecosystem: 'npm', name: packageName(specifier) };
    return {
      type: 'unresolved',
      reason: 'outside-repository',
      detail: `${specifier} resolves outside the repository`,
    };
  }
  if (bare && !specifier.startsWith('#'))
    return { type: 'external', ecosystem: 'npm', name: packageName(specifier) };
  const mapped = specifier.startsWith('#') ? subpathImport(context, from, specifier) : undefined;
  if (mapped) return { type: 'file', path: mapped };
  return {
    type: 'unresolved',
    reason: 'not-found',
    detail: result.error ? withoutRoot(result.error, context.root) : 'no file matches',
  };
}

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs', '.json'];
/** A `.js` specifier names a source, else its build output, else (a types-only module) its declaration file. */
const EXTENSION_ALIAS: Record<string, string[]> = {
  '.js': ['.ts', '.tsx', '.js', '.jsx', '.d.ts'],
  '.mjs': ['.mts', '.mjs', '.d.mts'],
  '.cjs': ['.cts', '.cjs', '.d.cts'],
  '.jsx': ['.tsx', '.jsx'],
};

/**
 * The common case without touching the disk: a relative specifier that names a scanned file, in
 * the order the resolver would try (extension alias, then the path itself, then extensions, then
 * `index.*`). Directories with a package.json are left to the resolver (their main field decides).
 */
export function resolveRelativeInScan(
  fromDirectory: string,
  specifier: string,
  files: ReadonlySet<string>,
): string | undefined {
  const clean = specifier.replace(/[?#].*$/, '');
  const target = joinRelative(fromDirectory, clean);
  if (target === undefined || target.startsWith('..') || target === '.') return undefined;
  const extension = posix.extname(target);
  const aliases = EXTENSION_ALIAS[extension];
  if (aliases) {
    const stem = target.slice(0, -extension.length);
    for (const alias of aliases) if (files.has(stem + alias)) return stem + alias;
    return undefined;
  }
  if (files.has(target)) return target;
  for (const candidate of SOURCE_EXTENSIONS) if (files.has(target + candidate)) return target + candidate;
  if (files.has(`${target}/package.json`)) return undefined;
  for (const candidate of SOURCE_EXTENSIONS)
    if (files.has(`${target}/index${candidate}`)) return `${target}/index${candidate}`;
  return undefined;
}

/** An empty, `.` or `..` segment (or a leading slash) in a folder path. */
const DOT_SEGMENT = /(^|\/)\.{0,2}(\/|$)/;

/**
 * `posix.normalize(posix.join(fromDirectory || '.', specifier))` for the relative specifiers
 * imports are made of (`./x`, `../y/z`, `.`), by walking the segments; undefined above the
 * root. Any other shape (an empty segment, a trailing slash) takes the posix functions.
 * `posix.normalize` re-scans the joined string character by character, for every import.
 */
export function joinRelative(fromDirectory: string, specifier: string): string | undefined {
  const plain =
    specifier.startsWith('.') &&
    !specifier.includes('//') &&
    !specifier.endsWith('/') &&
    (fromDirectory === '' || !DOT_SEGMENT.test(fromDirectory));
  if (!plain) return posix.normalize(posix.join(fromDirectory || '.', specifier));
  const segments = fromDirectory ? fromDirectory.split('/') : [];
  let start = 0;
  while (start <= specifier.length) {
    const slash = specifier.indexOf('/', start);
    const end = slash === -1 ? specifier.length : slash;
    const segment = specifier.slice(start, end);
    if (segment === '..') {
      if (segments.length === 0) return undefined;
      segments.pop();
    } else if (segment !== '.') segments.push(segment);
    start = end + 1;
  }
  return segments.length === 0 ? '.' : segments.join('/');
}

/**
 * A `#name` subpath import through the nearest package.json `imports` map, read directly: the
 * resolver declines targets it would not load at run time (`"#types/*": "./types/*.d.ts"`),
 * which TypeScript still reads for types.
 */
function subpathImport(context: ResolverContext, from: string, specifier: string): string | undefined {
  for (let directory = directoryOf(from); ; directory = directoryOf(directory)) {
    const manifest = directory ? `${directory}/package.json` : 'package.json';
    const text = context.files.has(manifest) ? context.readFile(manifest) : undefined;
    if (text !== undefined) return mappedImport(text, directory, specifier, context.files);
    if (!directory) return undefined;
  }
}

function mappedImport(
  text: string,
  directory: string,
  specifier: string,
  files: ReadonlySet<string>,
): string | undefined {
  let imports: Record<string, unknown> = {};
  try {
    imports = (JSON.parse(text) as { imports?: Record<string, unknown> }).imports ?? {};
  } catch {
    return undefined; // A package.json that does not parse maps nothing.
  }
  for (const [key, value] of Object.entries(imports)) {
    const star = key.indexOf('*');
    const matches =
      star === -1
        ? key === specifier
        : specifier.startsWith(key.slice(0, star)) && specifier.endsWith(key.slice(star + 1));
    if (!matches) continue;
    const middle = star === -1 ? '' : specifier.slice(star, specifier.length - (key.length - star - 1));
    for (const target of conditionTargets(value)) {
      const path = posix.normalize(posix.join(directory || '.', target.replace('*', middle)));
      if (files.has(path)) return path;
    }
  }
  return undefined;
}

/** The targets of an `imports` value: a path, or each path of a condition object (`{"module-sync": …, "default": …}`) in order. */
function conditionTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(conditionTargets);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(conditionTargets);
  return [];
}

/** `packages/x/dist/index.js` (not scanned) -> `packages/x/src/index.ts` when that source exists. */
function sourceOfBuildOutput(path: string, files: ReadonlySet<string>): string | undefined {
  const match = /^(.*?)(?:^|\/)(?:dist|build|lib|out)\/(.*?)(?:\.d)?\.[cm]?[jt]sx?$/.exec(path);
  if (!match) return undefined;
  const base = match[1] ? `${match[1]}/src/${match[2]}` : `src/${match[2]}`;
  for (const extension of ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs']) {
    if (files.has(`${base}${extension}`)) return `${base}${extension}`;
  }
  return undefined;
}

function isBuiltin(specifier: string): boolean {
  if (specifier.startsWith('node:')) return true;
  return BUILTINS.has(specifier) || BUILTINS.has(specifier.split('/')[0]!);
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** Workspace packages by their package.json name, so `@org/lib` resolves to `packages/lib` without node_modules. */
function workspaceAliases(context: ResolverContext): Record<string, string[]> {
  const aliases: Record<string, string[]> = {};
  for (const path of context.files) {
    if (!path.endsWith('package.json') || path === 'package.json' || path.includes('node_modules/')) continue;
    if (!/(^|\/)package\.json$/.test(path)) continue;
    const text = context.readFile(path);
    if (!text) continue;
    try {
      const name = (JSON.parse(text) as { name?: unknown }).name;
      if (typeof name === 'string' && name.length > 0 && !aliases[name]) {
        aliases[name] = [absolutePath(context.root, directoryOf(path))];
      }
    } catch {
      // a malformed package.json is reported by the readiness check, not here
    }
  }
  return aliases;
}
