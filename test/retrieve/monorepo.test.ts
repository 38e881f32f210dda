import { describe, expect, it } from 'vitest';
import { retrieve } from '../../src/api/retrieval.js';
import { detectPackages, packagesNamed } from '../../src/retrieve/packages.js';
import { makeRepo } from '../helpers/repo.js';

const parser = (name: string) =>
  `/** Parses ${name} options. */\nexport function parseOptions(input: string): string[] {\n  return input.split(',');\n}\n`;

/** Two packages with the same file, a playground using one, and a locale folder described once. */
const workspace = {
  'package.json': JSON.stringify({ name: 'tools-monorepo', private: true, workspaces: ['packages/*'] }),
  'packages/cli/package.json': JSON.stringify({ name: '@tools/cli' }),
  'packages/cli/src/options.ts': parser('command line'),
  'packages/server/package.json': JSON.stringify({ name: '@tools/server' }),
  'packages/server/src/options.ts': parser('server'),
  'playground/server/package.json': JSON.stringify({ name: '@tools/playground-server' }),
  'playground/server/main.ts': parser('playground'),
  'crates/fmt/Cargo.toml': '[package]\nname = "tools-fmt"\nversion = "0.1.0"\n',
  'packages/cli/test/fixtures/app/package.json': JSON.stringify({ name: 'fixture-app' }),
  'packages/cli/template-basic/package.json': JSON.stringify({ name: 'basic-template' }),
  'docs/package.json': JSON.stringify({ name: '@tools/docs' }),
  'benchmarks/package.json': JSON.stringify({ name: '@tools/benchmarks' }),
  'vendor/left-pad/package.json': JSON.stringify({ name: 'left-pad' }),
  'crates/fmt/src/lib.rs': 'pub fn format() {}\n',
  'src/locale/sv/index.ts':
    "import { formatDistance } from './_lib/formatDistance/index.js';\n/** Swedish locale. */\nexport const sv = { code: 'sv', formatDistance };\n",
  'src/locale/sv/_lib/formatDistance/index.ts':
    'export function formatDistance(token: string): string {\n  return token === "xWeeks" ? "veckor" : token;\n}\n',
  'src/locale/fi/index.ts':
    "import { formatDistance } from './_lib/formatDistance/index.js';\n/** Finnish locale. */\nexport const fi = { code: 'fi', formatDistance };\n",
  'src/locale/fi/_lib/formatDistance/index.ts':
    'export function formatDistance(token: string): string {\n  return token === "xWeeks" ? "viikkoa" : token;\n}\n',
};

describe('monorepo packages', () => {
  it('finds packages by their manifests, leaving out what the scan calls examples, fixtures, docs and copies', () => {
    const read = (path: string) => (workspace as Record<string, string>)[path];
    const packages = detectPackages(Object.keys(workspace), read);
    expect(packages.map((entry) => entry.folder)).toEqual(['crates/fmt', 'packages/cli', 'packages/server']);
    expect(packages.find((entry) => entry.folder === 'packages/server')?.names).toEqual([
      '@tools/server',
      'server',
    ]);
    expect(packages.find((entry) => entry.folder === 'crates/fmt')?.names).toEqual(['tools-fmt', 'fmt']);
    const named = packagesNamed('fix(server): options with a trailing comma', packages);
    expect(named.map((entry) => entry.folder)).toEqual(['packages/server']);
    expect(packagesNamed('options with a trailing comma', packages)).toEqual([]);
  });

  it('ranks a playground (kind example) well below the source it copies', async () => {
    const root = makeRepo(workspace);
    const result = await retrieve('parseOptions server options split', root);
    const order = result.files.map((file) => file.path);
    const playground = result.files.find((file) => file.path === 'playground/server/main.ts');
    expect(playground?.kind).toBe('example');
    expect(order.indexOf('packages/server/src/options.ts')).toBeLessThan(
      order.indexOf('playground/server/main.ts'),
    );
    const source = result.files.find((file) => file.path === 'packages/server/src/options.ts')!;
    // The same text: only the kind prior (example 0.3 of source) and nearness to the task set them apart.
    expect(playground!.score).toBeLessThan(source.score * 0.5);
  });

  it('ranks the file of the package the task names above its twin in another package', async () => {
    const root = makeRepo(workspace);
    const result = await retrieve('parseOptions drops empty entries in @tools/server', root);
    const order = result.files.map((file) => file.path);
    expect(order.indexOf('packages/server/src/options.ts')).toBeLessThan(
      order.indexOf('packages/cli/src/options.ts'),
    );
    expect(result.files[0]!.reasons).toContain('in package packages/server, which the task names');
  });

  it("lends a folder's description to the files inside it", async () => {
    const root = makeRepo(workspace);
    const result = await retrieve('wrong plural of weeks in Swedish formatDistance', root);
    const order = result.files.map((file) => file.path);
    expect(order.indexOf('src/locale/sv/_lib/formatDistance/index.ts')).toBeLessThan(
      order.indexOf('src/locale/fi/_lib/formatDistance/index.ts'),
    );
    const swedish = result.files.find((file) => file.path === 'src/locale/sv/_lib/formatDistance/index.ts');
    expect(swedish?.reasons.join(' ')).toContain('folder description');
  });

  it("scores the files named after a conventional-commit title's scope", async () => {
    const root = makeRepo(workspace);
    const result = await retrieve('fix(fmt): keep blank lines', root);
    const formatter = result.files.find((file) => file.path === 'crates/fmt/src/lib.rs');
    expect(formatter?.signals.scope).toBeGreaterThan(0);
    expect(formatter?.reasons).toContain("named after the task's scope (fmt)");
  });

  it('demotes a scope that names no file or folder to a label, and keeps one that names a folder', async () => {
    const editorWords = 'the editor keeps editor state; editor panels open in the editor\n';
    const tree = {
      'src/arrow.ts':
        'export function bindArrowText(arrow: string, text: string): string {\n  return arrow + text;\n}\n',
      'src/panel.ts': `// ${editorWords}export function panelArrow(): string {\n  return 'arrow';\n}\n`,
      'src/menu.ts': 'export function menu(): string[] {\n  return [];\n}\n',
    };
    const lexicalOfPanel = async (root: string, task: string) =>
      (await retrieve(task, root)).files.find((file) => file.path === 'src/panel.ts')?.signals.lexical ?? 0;
    const flat = makeRepo(tree);
    const asLabel = await lexicalOfPanel(flat, 'fix(editor): arrow text binding');
    const asWord = await lexicalOfPanel(flat, 'fix: editor arrow text binding');
    expect(asLabel).toBeLessThan(asWord * 0.8);
    const withFolder = makeRepo({ ...tree, 'src/editor/index.ts': 'export const editor = 1;\n' });
    const named = await lexicalOfPanel(withFolder, 'fix(editor): arrow text binding');
    expect(named).toBeGreaterThan(asLabel);
  });
});
