/** Language and kind of a file from its path (and, for a few markers, its first bytes). */
import { isExamplePath, isFixturePath, isLockfile, isTestPath } from './file-kinds.js';
import type { FileKind } from './types.js';

const LANGUAGE_BY_EXTENSION: Record<string, string> = {
  '.ts': 'typescript',
  '.tsx': 'typescript',
  '.mts': 'typescript',
  '.cts': 'typescript',
  '.js': 'javascript',
  '.jsx': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.py': 'python',
  '.pyi': 'python',
  '.go': 'go',
  '.rs': 'rust',
  '.java': 'java',
  '.kt': 'kotlin',
  '.kts': 'kotlin',
  '.scala': 'scala',
  '.swift': 'swift',
  '.c': 'c',
  '.h': 'c',
  '.cc': 'cpp',
  '.cpp': 'cpp',
  '.cxx': 'cpp',
  '.hpp': 'cpp',
  '.hh': 'cpp',
  '.cs': 'csharp',
  '.rb': 'ruby',
  '.php': 'php',
  '.lua': 'lua',
  '.dart': 'dart',
  '.ex': 'elixir',
  '.exs': 'elixir',
  '.vue': 'vue',
  '.svelte': 'svelte',
  '.astro': 'astro',
  '.sh': 'shell',
  '.bash': 'shell',
  '.zsh': 'shell',
  '.ps1': 'powershell',
  '.sql': 'sql',
  '.graphql': 'graphql',
  '.gql': 'graphql',
  '.proto': 'protobuf',
  '.css': 'css',
  '.scss': 'css',
  '.sass': 'css',
  '.less': 'css',
  '.html': 'html',
  '.htm': 'html',
  '.md': 'markdown',
  '.mdx': 'markdown',
  '.rst': 'rst',
  '.adoc': 'asciidoc',
  '.txt': 'text',
  '.json': 'json',
  '.jsonc': 'json',
  '.json5': 'json',
  '.yaml': 'yaml',
  '.yml': 'yaml',
  '.toml': 'toml',
  '.xml': 'xml',
  '.ini': 'ini',
  '.cfg': 'ini',
  '.env': 'dotenv',
  '.csv': 'csv',
  '.svg': 'svg',
};

const LANGUAGE_BY_NAME: Record<string, string> = {
  Makefile: 'make',
  makefile: 'make',
  GNUmakefile: 'make',
  Dockerfile: 'dockerfile',
  Containerfile: 'dockerfile',
  Jenkinsfile: 'groovy',
  Gemfile: 'ruby',
  Rakefile: 'ruby',
  Justfile: 'make',
  justfile: 'make',
};

/** Languages whose files are programs (as opposed to data, prose or markup). */
export const CODE_LANGUAGES = new Set([
  'typescript',
  'javascript',
  'python',
  'go',
  'rust',
  'java',
  'kotlin',
  'scala',
  'swift',
  'c',
  'cpp',
  'csharp',
  'ruby',
  'php',
  'lua',
  'dart',
  'elixir',
  'vue',
  'svelte',
  'astro',
  'shell',
  'powershell',
  'sql',
  'graphql',
  'protobuf',
  'css',
  'html',
]);

const PROSE_LANGUAGES = new Set(['markdown', 'rst', 'asciidoc', 'text']);

const ASSET_EXTENSIONS = new Set([
  '.png',
  '.jpg',
  '.jpeg',
  '.gif',
  '.webp',
  '.ico',
  '.bmp',
  '.tiff',
  '.avif',
  '.svg',
  '.woff',
  '.woff2',
  '.ttf',
  '.otf',
  '.eot',
  '.mp3',
  '.mp4',
  '.wav',
  '.ogg',
  '.webm',
  '.mov',
  '.pdf',
  '.zip',
  '.gz',
  '.tgz',
  '.bz2',
  '.xz',
  '.7z',
  '.jar',
  '.war',
  '.class',
  '.wasm',
  '.so',
  '.dylib',
  '.dll',
  '.exe',
  '.bin',
  '.dat',
  '.db',
  '.sqlite',
  '.csv',
  '.tsv',
  '.parquet',
  '.psd',
  '.sketch',
  '.fig',
]);

const CONFIG_NAMES = new Set([
  'package.json',
  'tsconfig.json',
  'jsconfig.json',
  'pyproject.toml',
  'setup.py',
  'setup.cfg',
  'tox.ini',
  'requirements.txt',
  'Pipfile',
  'go.mod',
  'go.work',
  'Cargo.toml',
  'pom.xml',
  'build.gradle',
  'build.gradle.kts',
  'settings.gradle',
  'settings.gradle.kts',
  'Makefile',
  'makefile',
  'GNUmakefile',
  'Dockerfile',
  'Containerfile',
  'docker-compose.yml',
  'docker-compose.yaml',
  'compose.yaml',
  'compose.yml',
  '.editorconfig',
  '.gitignore',
  '.gitattributes',
  '.npmrc',
  '.nvmrc',
  '.node-version',
  '.python-version',
  '.tool-versions',
  'biome.json',
  'biome.jsonc',
  '.prettierrc',
  '.eslintrc',
  'turbo.json',
  'nx.json',
  'lerna.json',
  'pnpm-workspace.yaml',
  'deno.json',
  'deno.jsonc',
  'vercel.json',
  'netlify.toml',
  'Justfile',
  'justfile',
  'Gemfile',
  'Rakefile',
  'mypy.ini',
  'pytest.ini',
  '.flake8',
  'ruff.toml',
  '.ruff.toml',
  'rustfmt.toml',
  'clippy.toml',
  '.babelrc',
  'babel.config.json',
  '.swcrc',
  'Jenkinsfile',
  '.gitlab-ci.yml',
  '.travis.yml',
  'renovate.json',
  'opencode-plusplus.config.json',
  'opencode-plusplus.config.jsonc',
  'opencode-plusplus.config.mjs',
]);

/**
 * Names that only generators give (protoc, source maps, minifiers) and folders only tools write
 * (build caches, coverage reports, committed bundles). Folder names people also use for
 * hand-written code (`build/`, `out/`, `vendor/`, `target/`) are not evidence: a generated file
 * there is found by its marker or by the generator that writes it.
 */
const GENERATED_PATTERNS: RegExp[] = [
  /(^|\/)(dist|coverage|\.next|\.nuxt|\.svelte-kit|\.turbo|\.cache|__generated__)\//,
  /\.min\.(js|css|mjs)$/,
  /\.(map)$/,
  /\.generated\.[a-z]+$/,
  /\.g\.(dart|cs)$/,
  /\.pb\.go$/,
  /_pb2(_grpc)?\.py$/,
  // Snapshot files a test runner writes: Jest/Vitest `__snapshots__/*.snap`, insta's `snapshots/*.snap` beside the code.
  /\.snap(\.new)?$/,
];

const DOC_PATTERNS: RegExp[] = [
  /(^|\/)(LICEN[CS]E|COPYING|NOTICE|AUTHORS|CHANGELOG|CHANGES|HISTORY)(\.[a-z]+)?$/i,
];

export function languageOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const byName = LANGUAGE_BY_NAME[name];
  if (byName) return byName;
  if (name.startsWith('.env')) return 'dotenv';
  if (name.endsWith('.d.ts')) return 'typescript';
  const dot = name.lastIndexOf('.');
  if (dot <= 0) return 'text';
  return LANGUAGE_BY_EXTENSION[name.slice(dot).toLowerCase()] ?? 'text';
}

function extensionOfName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 ? '' : name.slice(dot).toLowerCase();
}

export function isAssetPath(path: string): boolean {
  return ASSET_EXTENSIONS.has(extensionOfName(path.slice(path.lastIndexOf('/') + 1)));
}

export function isGeneratedPath(path: string): boolean {
  return GENERATED_PATTERNS.some((pattern) => pattern.test(path));
}

export function isConfigPath(path: string, language: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1);
  if (CONFIG_NAMES.has(name)) return true;
  if (/^tsconfig\..*\.json$|^jsconfig\..*\.json$/.test(name)) return true;
  if (/\.config\.[cm]?[jt]s$|\.config\.json$|^\.[a-z]+rc(\.[a-z]+)?$/.test(name)) return true;
  if (name.startsWith('.env')) return true;
  if (/^\.(github|gitlab|circleci|husky|vscode|devcontainer|ci)\//.test(path)) return true;
  const atRoot = !path.includes('/');
  return atRoot && ['json', 'yaml', 'toml', 'ini', 'xml'].includes(language);
}

/**
 * A file under a test folder or named as a test: code is a test; a runner's config by its name
 * (`tests/tsconfig.json`) is config; prose is left to the doc rules; any other file is data the
 * tests read (trycmd's `.toml` and `.stdout` cases, expected outputs, sample inputs): a fixture.
 */
function testTreeKind(path: string, language: string): FileKind | undefined {
  if (CODE_LANGUAGES.has(language)) return 'test';
  if (PROSE_LANGUAGES.has(language) && language !== 'text') return undefined;
  return isConfigPath(path, language) ? 'config' : 'fixture';
}

/** Kind from the path alone; content markers (generated headers, minified text) refine it later. */
export function kindOf(path: string, language: string): FileKind {
  if (isLockfile(path)) return 'lockfile';
  if (isAssetPath(path)) return 'asset';
  if (isGeneratedPath(path)) return 'generated';
  if (isFixturePath(path)) return 'fixture';
  if (isTestPath(path)) {
    const kind = testTreeKind(path, language);
    if (kind) return kind;
  }
  if (isConfigPath(path, language)) return 'config';
  if (DOC_PATTERNS.some((pattern) => pattern.test(path))) return 'doc';
  if (CODE_LANGUAGES.has(language)) return isExamplePath(path) ? 'example' : 'source';
  if (PROSE_LANGUAGES.has(language)) return 'doc';
  if (['json', 'yaml', 'toml', 'ini', 'xml', 'make', 'dockerfile', 'dotenv', 'groovy'].includes(language))
    return 'config';
  return 'asset';
}

/**
 * A generator's own words: `@generated`, "do not edit", or a line that opens with "generated"
 * ("# Generated by make_width_table.py", "// This file is autogenerated by build/x.js", "Code
 * generated by protoc-gen-go"). Prose that merely mentions the word ("the grammar tables
 * generated by pgen") is not a marker.
 */
const GENERATED_ANYWHERE = /@generated\b|\bdo not (edit|modify)\b/i;
const GENERATED_OPENING =
  /^[\s/*#;!<>-]*(?:this (?:file|code|module) (?:is|was|has been) |code )?(?:auto-?generated|automatically generated|generated)\b/i;

/** A generated-file marker in the first lines (the convention of protoc, Go, Prisma, GraphQL codegen...). */
export function hasGeneratedMarker(head: string): boolean {
  const lines = head.split('\n', 6);
  return lines.some((line) => GENERATED_ANYWHERE.test(line) || GENERATED_OPENING.test(line));
}

/** Minified JS/CSS: very long lines and little else. */
export function looksMinified(text: string, language: string): boolean {
  if (language !== 'javascript' && language !== 'css' && language !== 'typescript') return false;
  if (text.length < 2000) return false;
  let lines = 1;
  let longest = 0;
  let start = 0;
  for (let index = text.indexOf('\n'); index !== -1; index = text.indexOf('\n', start)) {
    longest = Math.max(longest, index - start);
    start = index + 1;
    lines++;
  }
  longest = Math.max(longest, text.length - start);
  return longest > 1000 && text.length / lines > 300;
}

/** Binary content: a NUL byte in the first 8000 bytes (the heuristic git uses). */
export function looksBinary(bytes: Uint8Array): boolean {
  const end = Math.min(bytes.length, 8000);
  for (let index = 0; index < end; index++) if (bytes[index] === 0) return true;
  return false;
}

/** Language and kind of a path from its name alone (a content marker can still make a file `generated`). */
export function classifyPath(path: string): { language: string; kind: FileKind } {
  const language = languageOf(path);
  return { language, kind: kindOf(path, language) };
}
