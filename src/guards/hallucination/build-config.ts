/**
 * Specifiers a bundler resolves that no manifest or file names: an `external` the runtime
 * provides (`@vite/env`), a `resolve.alias` key (`#alias`), a virtual module a plugin's
 * `resolveId` answers (`virtual:pwa`). The guard cannot know what such a specifier becomes, and
 * "unknowable" is not "missing": a specifier a bundler config under which the file sits spells
 * out is the build's business; and where that config aliases or resolves ids itself, a specifier
 * that cannot be a package name (`#x`, `~/x`, `@/x`, `virtual:x`) is too. A package-like name the
 * config never mentions, or a relative path, is still checked as ever.
 */
import { directoryOf } from '../../shared/path.js';
import { readRepositoryFile } from './read.js';

const BUILD_CONFIG =
  /(^|\/)(\.vitepress\/config|(vite|vitest|rollup|rolldown|webpack|rspack|tsup|tsdown|esbuild|astro|svelte|nuxt|next)\.config)(\.[\w-]+)*\.[cm]?[jt]s$/;

/** What cannot be an npm package name, so only an alias or a plugin can answer it. */
const NOT_A_PACKAGE_NAME = /^(#|~|@\/|virtual:|\/@|\0)/;

interface BuildConfig {
  /** The folder whose files the config builds. */
  folder: string;
  /** Every string literal of the config. */
  literals: Set<string>;
  /** The config aliases specifiers or resolves ids in a plugin. */
  resolvesIds: boolean;
}

export type BuildConfigs = readonly BuildConfig[];

export function readBuildConfigs(root: string, allFiles: ReadonlySet<string>): BuildConfigs {
  const configs: BuildConfig[] = [];
  for (const path of [...allFiles].filter((file) => BUILD_CONFIG.test(file)).sort()) {
    const text = readRepositoryFile(root, path);
    if (text === undefined) continue;
    const folder = directoryOf(path);
    configs.push({
      folder: folder.endsWith('.vitepress') ? directoryOf(folder) : folder,
      literals: new Set(
        [...withoutImports(text).matchAll(/(['"`])((?:(?!\1)[^\\\n]){1,200})\1/g)].map((match) => match[2]!),
      ),
      resolvesIds: /\b(alias|resolveId)\b/.test(text),
    });
  }
  return configs;
}

/** The config's own imports are ordinary imports, checked as such: only what it configures counts. */
function withoutImports(text: string): string {
  return text.replace(/\b(from|import|require)\s*\(?\s*(['"`])[^'"`\n]*\2/g, '');
}

/** A non-relative specifier the bundler config over `file` resolves (see the module comment). */
export function knownToBuild(configs: BuildConfigs, file: string, specifier: string): boolean {
  if (specifier.startsWith('.')) return false;
  const bare = specifier.replace(/\?.*$/, '');
  return configs.some(
    (config) =>
      (config.folder === '' || file.startsWith(`${config.folder}/`)) &&
      (config.literals.has(specifier) ||
        config.literals.has(bare) ||
        (config.resolvesIds && NOT_A_PACKAGE_NAME.test(specifier))),
  );
}
