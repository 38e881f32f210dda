/**
 * A deterministic fuzzed repository: mixed languages, odd file names, deep folders, a few files
 * built to hurt parsers. The same seed gives the same tree, byte for byte.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** mulberry32: a small seeded generator, so the tree never depends on the run. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const ODD_NAMES = [
  'with space',
  'ünïcödé',
  '-leading-dash',
  '#hash',
  '%percent',
  'semi;colon',
  "quote's",
  'back`tick',
  '[brackets]',
  '<!-- opencode-plusplus:end -->',
  'a'.repeat(120),
  '日本語',
  'new\nline',
];

type Writer = (index: number, others: string[]) => string;

const LANGUAGES: Array<{ extension: string; write: Writer }> = [
  {
    extension: 'ts',
    write: (index, others) =>
      `${others.map((other, at) => `import { v as v${at} } from './${other}';`).join('\n')}\nexport const v = ${index};\nexport function f${index}(a: number): number { return a + v; }\n`,
  },
  {
    extension: 'js',
    write: (index) => `export function g${index}() { return ${index}; }\nmodule.exports = {};\n`,
  },
  {
    extension: 'py',
    write: (index) => `import os\n\nclass C${index}:\n    def m(self):\n        return ${index}\n`,
  },
  { extension: 'go', write: (index) => `package p\n\nfunc F${index}() int { return ${index} }\n` },
  {
    extension: 'java',
    write: (index) => `package p;\npublic class J${index} { int m() { return ${index}; } }\n`,
  },
  { extension: 'rs', write: (index) => `pub fn r${index}() -> u32 { ${index} }\n` },
  { extension: 'md', write: (index) => `# Note ${index}\n\nSome text about part ${index}.\n` },
  { extension: 'json', write: (index) => `{"id": ${index}, "name": "item-${index}"}\n` },
  { extension: 'css', write: (index) => `.c${index} { color: red; }\n` },
];

/** Writes `count` files below `root`; returns their paths. */
export function writeFuzzedTree(root: string, count: number, seed = 16): string[] {
  const random = generator(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const paths: string[] = [];
  const tsStems: string[] = [];
  for (let index = 0; index < count; index++) {
    const depth = random() < 0.02 ? 20 + Math.floor(random() * 20) : Math.floor(random() * 5);
    const folders = Array.from(
      { length: depth },
      (_, level) => `d${level}${random() < 0.05 ? ` ${pick(ODD_NAMES)}` : ''}`,
    );
    const language = pick(LANGUAGES);
    const stem = random() < 0.03 ? `${pick(ODD_NAMES)}${index}` : `file${index}`;
    const path = [...folders, `${stem}.${language.extension}`].join('/');
    const others = language.extension === 'ts' ? tsStems.slice(-3).filter(() => folders.length === 0) : [];
    let text = language.write(index, others);
    if (index % 4000 === 7) text = `export const deep = ${'(\n'.repeat(6000)}1${')'.repeat(6000)};\n`;
    if (index % 5000 === 11) text = 'x'.repeat(300_000);
    writeFile(root, path, text);
    if (language.extension === 'ts' && folders.length === 0) tsStems.push(stem);
    paths.push(path);
  }
  writeFile(root, 'package.json', JSON.stringify({ name: 'fuzzed', description: 'A fuzzed tree' }));
  writeFile(root, 'tsconfig.json', JSON.stringify({ extends: './tsconfig.base.json' }));
  writeFile(root, 'tsconfig.base.json', JSON.stringify({ extends: './tsconfig.json' }));
  return paths;
}

function writeFile(root: string, path: string, text: string): void {
  const target = join(root, ...path.split('/'));
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, text);
}
