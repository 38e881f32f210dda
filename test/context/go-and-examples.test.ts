import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPackage } from '../../src/context/build.js';
import { builtIndex } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';

const read = (root: string, path: string) => readFileSync(join(root, path), 'utf8');

/** A JSON codec with one implementation per build tag, as gin's `codec/json/` has. */
function codec(tag: string, library: string): string {
  return `//go:build ${tag}\n\npackage json\n\nimport lib "${library}"\n\n// Package indicates what library is being used for JSON encoding.\nconst Package = "${library}"\n\ntype jsonApi struct{}\n\nfunc (j jsonApi) Marshal(v any) ([]byte, error) { return lib.Marshal(v) }\n`;
}

const goLibrary = {
  'go.mod': 'module example.com/web\n\ngo 1.22\n',
  'doc.go': '// Package web implements a small HTTP framework.\npackage web\n',
  'web.go':
    'package web\n\nimport "example.com/web/codec/json"\n\n// Engine serves requests.\ntype Engine struct{}\n\n// New makes an engine.\nfunc New() *Engine { _ = json.API; return &Engine{} }\n',
  'context.go':
    'package web\n\nimport "example.com/web/codec/json"\n\n// Context carries a request.\ntype Context struct{}\n\nvar _ = json.API\n',
  'render/render.go':
    'package render\n\nimport "example.com/web/codec/json"\n\n// Render writes.\nfunc Render() { _ = json.API }\n',
  'codec/json/api.go': 'package json\n\n// API the json codec in use.\nvar API = jsonApi{}\n',
  'codec/json/json.go': codec('!jsoniter && !sonic', 'encoding/json'),
  'codec/json/jsoniter.go': codec('jsoniter', 'github.com/json-iterator/go'),
  'codec/json/sonic.go': codec('sonic', 'github.com/bytedance/sonic'),
  'web_test.go': 'package web\n\nimport "testing"\n\nfunc TestNew(t *testing.T) { New() }\n',
};

describe('Go facts and example code', () => {
  it('shows build-tag alternatives of a Go package once, naming the others, and lists the root package in Layout', async () => {
    const root = makeRepo(goLibrary);
    await buildContextPackage(root);
    const project = JSON.parse(read(root, '.agent-context/project.json'));
    const codecFiles = project.central.filter((entry: { path: string }) =>
      entry.path.startsWith('codec/json/'),
    );
    const paths = codecFiles.map((entry: { path: string }) => entry.path);
    expect(paths.filter((path: string) => /\/(json|jsoniter|sonic)\.go$/.test(path))).toHaveLength(1);
    const shown = codecFiles.find((entry: { path: string }) =>
      /\/(json|jsoniter|sonic)\.go$/.test(entry.path),
    );
    expect(shown.why).toMatch(/build-tag alternatives: (\w+\.go, )?\w+\.go$/);
    expect(read(root, 'AGENTS.md')).toContain('- `./` — Package web implements a small HTTP framework. (');
    // The root package is the library's entrypoint and no package imports it: its files are
    // central for being in it, and their reason must not claim "imported by 0 packages".
    const rootFiles = project.central.filter((entry: { path: string }) => !entry.path.includes('/'));
    expect(rootFiles.length).toBeGreaterThan(0);
    for (const entry of project.central) expect(entry.why).not.toMatch(/imported by 0 /);
    expect(rootFiles.map((entry: { why: string }) => entry.why).join('\n')).toMatch(/entrypoint/);
  });

  it('calls a folder documentation only when it holds documentation', async () => {
    const root = makeRepo({
      ...goLibrary,
      'doc/md_docs.go':
        'package doc\n\nimport "example.com/web"\n\n// GenMarkdown writes a page per command.\nfunc GenMarkdown(e *web.Engine) {}\n',
      'doc/md_docs_test.go':
        'package doc\n\nimport "testing"\n\nfunc TestGen(t *testing.T) { GenMarkdown(nil) }\n',
      'docs/guide.md': '# Guide\n\nHow to serve requests.\n',
    });
    await buildContextPackage(root);
    const agents = read(root, 'AGENTS.md');
    expect(agents).toContain('- `doc/` — 1 source, 1 test');
    expect(agents).toMatch(/- `docs\/` — documentation \(1 doc\)/);
  });

  it('counts playground and example code as examples: not source, not central, not an entrypoint', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({
        name: 'tool',
        type: 'module',
        main: 'src/index.js',
        scripts: { test: 'vitest' },
      }),
      'src/index.js': "export { helper } from './helper.js';\n",
      'src/helper.js': 'export const helper = () => 1;\n',
      'playground/alias/main.js': "import { helper } from '../../src/helper.js';\nhelper();\n",
      'playground/alias/util.js': 'export const util = 2;\n',
      'playground/alias/entry.js':
        "import { util } from './util.js';\nimport { util as again } from './util.js';\nutil + again;\n",
      'playground/alias/__tests__/alias.spec.js': "import { test } from 'vitest';\ntest('x', () => {});\n",
      'examples/basic.js': "import { helper } from '../src/index.js';\nhelper();\n",
      'tests/data/input.js': 'export const input = 1;\n',
    });
    await buildContextPackage(root);
    const project = JSON.parse(read(root, '.agent-context/project.json'));
    const central = project.central.map((entry: { path: string }) => entry.path);
    expect(central.some((path: string) => /^(playground|examples)\//.test(path))).toBe(false);
    expect(central).toContain('src/helper.js');
    expect(project.entrypoints.map((entry: { path: string }) => entry.path)).toEqual(['src/index.js']);
    const index = await builtIndex(root);
    const kinds = Object.fromEntries(
      index.files.map((file: { path: string; kind: string }) => [file.path, file.kind]),
    );
    expect(kinds['playground/alias/util.js']).toBe('example');
    expect(kinds['examples/basic.js']).toBe('example');
    expect(kinds['playground/alias/__tests__/alias.spec.js']).toBe('test');
    expect(kinds['tests/data/input.js']).toBe('fixture');
    expect(kinds['src/helper.js']).toBe('source');
    expect(read(root, '.agent-context/summary.md')).toMatch(/\(2 source, 1 test, 4 example, 1 fixture\)/);
  });
});
