/**
 * The module style a new file of the main JS/TS package must use, measured on what its sources
 * do: `require` or `module.exports`/`exports.x` is CommonJS, `import`/`export` is ESM. The
 * package.json `type` only decides when the sources do not (no JS/TS files, or a tie).
 */
import type { IndexedFile } from '../index/types.js';
import { isAuxiliaryPath } from '../scan/file-kinds.js';
import type { DeclaredPackage } from '../scan/packages.js';

export type ModuleStyle = 'esm' | 'commonjs' | 'mixed';

export interface ModuleStyleFinding {
  style: ModuleStyle | null;
  esm: number;
  commonjs: number;
  evidence: string;
}

/** Below this share the minority style is an exception (a config file), not a second style. */
const MIXED_SHARE = 0.2;

export interface ModuleStyleCounts {
  esm: number;
  commonjs: number;
}

/** ES module and CommonJS files among the main package's JS/TS sources (`mainPath`; all when none or `.`). */
export function countModuleStyle(
  files: readonly IndexedFile[],
  mainPath: string | undefined,
): ModuleStyleCounts {
  const inMain = (path: string) => !mainPath || mainPath === '.' || path.startsWith(`${mainPath}/`);
  let esm = 0;
  let commonjs = 0;
  for (const file of files) {
    if (file.kind !== 'source' || (file.language !== 'javascript' && file.language !== 'typescript'))
      continue;
    if (file.path.endsWith('.d.ts') || isAuxiliaryPath(file.path) || !inMain(file.path)) continue;
    const style = styleOfFile(file);
    if (style === 'esm') esm++;
    else if (style === 'commonjs') commonjs++;
  }
  return { esm, commonjs };
}

/** The style the counts show (the manifest's `type` breaks a tie or speaks when there are none). */
export function moduleStyleFinding(
  counts: ModuleStyleCounts,
  main: DeclaredPackage | undefined,
): ModuleStyleFinding {
  const { esm, commonjs } = counts;
  const declared = main?.moduleType;
  const because = declared
    ? `; ${main.manifest} "type" is ${declared === 'esm' ? 'module' : 'commonjs (default)'}`
    : '';
  const evidence = `${esm} ES module files, ${commonjs} CommonJS files${because}`;
  if (esm + commonjs === 0) return { style: declared ?? null, esm, commonjs, evidence };
  const minority = Math.min(esm, commonjs) / (esm + commonjs);
  if (minority >= MIXED_SHARE) return { style: 'mixed', esm, commonjs, evidence };
  if (esm === commonjs) return { style: declared ?? 'mixed', esm, commonjs, evidence };
  return { style: esm > commonjs ? 'esm' : 'commonjs', esm, commonjs, evidence };
}

/** One file's style: `.cjs`/`.mjs` say it; else its runtime imports and its exports. */
export function styleOfFile(file: IndexedFile): ModuleStyle | undefined {
  if (/\.c[jt]s$/.test(file.path)) return 'commonjs';
  if (/\.m[jt]s$/.test(file.path)) return 'esm';
  const es =
    file.imports.some((entry) => entry.kind === 'static' || entry.kind === 'reexport') ||
    file.exports.some((entry) => entry.line > 0 && !entry.commonjs);
  const cjs =
    file.imports.some((entry) => entry.kind === 'require') || file.exports.some((entry) => entry.commonjs);
  if (es && !cjs) return 'esm';
  if (cjs && !es) return 'commonjs';
  return es ? 'mixed' : undefined;
}
