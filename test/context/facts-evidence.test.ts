import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractWriteFacts, scriptOutputs } from '../../src/scan/generator-scripts.js';
import { runCliInProcess } from '../helpers/cli.js';
import { makeRepo } from '../helpers/repo.js';

const project = (root: string) =>
  JSON.parse(readFileSync(join(root, '.agent-context/project.json'), 'utf8')) as {
    generated: string[];
    generatedEvidence: Record<string, string>;
    entrypoints: Array<{ path: string; why: string }>;
    central: Array<{ path: string }>;
  };

const pom = (artifactId: string, dependencies = '') =>
  `<project><parent><artifactId>kettle-parent</artifactId></parent><artifactId>${artifactId}</artifactId>` +
  `<dependencies>${dependencies}</dependencies></project>\n`;

describe('facts from evidence in the repository', () => {
  it('a file a script writes is generated: directly, or through a writer the script calls with the path', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({ name: 'notes', type: 'module', main: 'src/index.js' }),
      'src/index.js': "export { table } from './table.js';\n",
      'src/table.js': 'export const table = [1, 2];\n',
      'NOTICE.md': '# Notices\n',
      'README.md': '# Notes\n\nA note keeper.\n',
      'build/notice.js': [
        "import { writeFileSync } from 'node:fs';",
        'export default function noticeWriter(target, title) {',
        '  return { done() { writeFileSync(target, title) } };',
        '}',
        '',
      ].join('\n'),
      'build/reader.js': [
        "import { readFileSync } from 'node:fs';",
        'export function readerPlugin(file) { return readFileSync(file, "utf8") }',
        '',
      ].join('\n'),
      'build.config.js': [
        "import path from 'node:path';",
        "import noticeWriter from './build/notice.js';",
        "import { readerPlugin } from './build/reader.js';",
        'const dirname = path.dirname(new URL(import.meta.url).pathname);',
        'export default {',
        "  plugins: [readerPlugin(path.resolve(dirname, 'README.md')),",
        "    noticeWriter(path.resolve(dirname, 'NOTICE.md'), 'Notices')],",
        '};',
        '',
      ].join('\n'),
      'scripts/table.mjs': [
        "import fs from 'node:fs';",
        "import path from 'node:path';",
        "fs.writeFileSync(path.join(import.meta.dirname, '../src/table.js'), 'export const table = [1, 2];\\n');",
        '',
      ].join('\n'),
      'test/table.test.js': [
        "import fs from 'node:fs';",
        "import path from 'node:path';",
        "fs.writeFileSync(path.join(import.meta.dirname, 'seen.json'), '[]');",
        '',
      ].join('\n'),
      'test/seen.json': '[]\n',
    });
    expect((await runCliInProcess(['build', root], root)).code).toBe(0);
    const built = project(root);
    expect(built.generatedEvidence).toMatchObject({
      'NOTICE.md': 'written by build/notice.js (called from build.config.js:7)',
      'src/table.js': 'written by scripts/table.mjs:3',
    });
    // An input handed to a plugin that only reads it, and a file a test writes, are no evidence.
    expect(built.generated).not.toContain('README.md');
    expect(built.generated).not.toContain('test/seen.json');
    writeFileSync(join(root, 'src/index.js'), "export { table } from './table.js';\nexport const two = 2;\n");
    expect((await runCliInProcess(['update', root], root)).code).toBe(0);
    expect(project(root).generatedEvidence).toEqual(built.generatedEvidence);
  });

  it('links a writer to its callers only at the parameter that reaches the write', () => {
    const facts = new Map([
      [
        'tools/emit.ts',
        extractWriteFacts(
          'tools/emit.ts',
          "import { writeFile } from 'node:fs/promises';\nexport const emit = async (label: string, out: string) => writeFile(out, label);\n",
        )!,
      ],
      [
        'gen.ts',
        extractWriteFacts(
          'gen.ts',
          "import { emit } from './tools/emit';\nemit(join(__dirname, 'a.txt'), 'x');\nemit('x', join(__dirname, 'b.txt'));\n",
        )!,
      ],
    ]);
    expect(scriptOutputs(facts, new Set(['a.txt', 'b.txt']))).toEqual([
      { path: 'b.txt', evidence: 'written by tools/emit.ts (called from gen.ts:3)' },
    ]);
  });

  it("a Java library is entered through the public class named after its module; a benchmark module's mains are not entrypoints", async () => {
    const root = makeRepo({
      'pom.xml': '<project><artifactId>kettle-parent</artifactId><packaging>pom</packaging></project>\n',
      'lib/pom.xml': pom('kettle'),
      'lib/src/main/java/module-info.java': 'module org.brew.kettle {\n  exports org.brew.kettle;\n}\n',
      'lib/src/main/java/org/brew/kettle/Kettle.java':
        'package org.brew.kettle;\n\nimport org.brew.kettle.internal.Heater;\n\n/** Boils water. */\npublic class Kettle {\n  public Heater heater() { return new Heater(); }\n}\n',
      'lib/src/main/java/org/brew/kettle/internal/Heater.java':
        'package org.brew.kettle.internal;\n\npublic class Heater {}\n',
      'lib/src/main/java/org/brew/kettle/internal/Kettle.java':
        'package org.brew.kettle.internal;\n\npublic class Kettle {}\n',
      'perf/pom.xml': pom(
        'kettle-perf',
        '<dependency><groupId>org.openjdk.jmh</groupId><artifactId>jmh-core</artifactId></dependency>',
      ),
      'perf/src/main/java/org/brew/perf/BoilBenchmark.java':
        'package org.brew.perf;\n\nimport org.brew.kettle.Kettle;\nimport org.brew.perf.Clock;\n\npublic class BoilBenchmark {\n  public static void main(String[] args) { new Kettle(); }\n}\n',
      'perf/src/main/java/org/brew/perf/Clock.java': 'package org.brew.perf;\n\npublic class Clock {}\n',
      'perf/src/main/java/org/brew/perf/Other.java':
        'package org.brew.perf;\n\nimport org.brew.perf.Clock;\n\npublic class Other {}\n',
      'cli/pom.xml': pom('kettle-cli'),
      'cli/src/main/java/org/brew/cli/Main.java':
        'package org.brew.cli;\n\nimport org.brew.kettle.Kettle;\n\npublic class Main {\n  public static void main(String[] args) { new Kettle(); }\n}\n',
    });
    expect((await runCliInProcess(['build', root], root)).code).toBe(0);
    const built = project(root);
    // The main package (the module with the most sources, never a benchmark harness) first.
    expect(built.entrypoints.map((entry) => entry.path)).toEqual([
      'lib/src/main/java/org/brew/kettle/Kettle.java',
      'cli/src/main/java/org/brew/cli/Main.java',
    ]);
    expect(built.entrypoints[0]!.why).toContain('Java library API');
    const central = built.central.map((entry) => entry.path);
    expect(central).toContain('lib/src/main/java/org/brew/kettle/Kettle.java');
    expect(central.filter((path) => path.startsWith('perf/'))).toEqual([]);
  });

  it('a CommonJS package: an exported package.json is no entrypoint, require bindings are not definitions, a __tests__ tree is said once', async () => {
    const root = makeRepo({
      'package.json': JSON.stringify({
        name: 'kiln',
        main: 'lib/app.js',
        exports: { '.': './lib/app.js', './package': './package.json' },
        scripts: { test: 'node --test' },
      }),
      'lib/app.js':
        "const net = require('net')\nconst only = require('./only.js')\nmodule.exports = { net, only }\n",
      'lib/only.js':
        "const util = require('util')\nconst pick = (o) => util.inspect(o)\nmodule.exports = pick\n",
      'lib/wire.js':
        "const net = require('net')\nconst only = require('./only.js')\nconst socket = net.connect\n",
      '__tests__/app/index.test.js': "require('../../lib/app.js')\n",
      '__tests__/only/pick.test.js': "require('../../lib/only.js')\n",
    });
    expect((await runCliInProcess(['build', root], root)).code).toBe(0);
    const built = JSON.parse(readFileSync(join(root, '.agent-context/project.json'), 'utf8'));
    expect(built.entrypoints.map((entry: { path: string }) => entry.path)).toEqual(['lib/app.js']);
    const agents = readFileSync(join(root, 'AGENTS.md'), 'utf8');
    expect(agents).toContain('Tests are named `<name>.test.<ext>`.');
    expect(agents).not.toContain('Tests live in `__tests__/` folders');
    expect(agents).toContain('Tests live in a separate `__tests__/` tree.');
    const summary = readFileSync(join(root, '.agent-context/summary.md'), 'utf8');
    expect(summary).not.toMatch(/Defines net/);
  });

  it('names a Maven project by its root artifact and reads a Javadoc a blank line above its class', async () => {
    const root = makeRepo({
      'pom.xml': '<project><artifactId>teapot-parent</artifactId><packaging>pom</packaging></project>\n',
      'core/pom.xml': pom('teapot'),
      'core/src/main/java/org/tea/Teapot.java':
        'package org.tea;\n\nimport java.util.List;\n\n/**\n The public access point to the teapot.\n */\n\npublic class Teapot {}\n',
    });
    expect((await runCliInProcess(['build', root], root)).code).toBe(0);
    const agents = readFileSync(join(root, 'AGENTS.md'), 'utf8');
    expect(agents).toContain('## teapot: context for coding agents');
    expect(agents).toContain(
      '`core/src/main/java/org/tea/Teapot.java` — The public access point to the teapot.',
    );
  });

  it('a Cargo workspace: the root crate before the member crates, an unpublished benchmark crate left out, a crate name kept whole', async () => {
    const crate = (name: string, extra = '') => `[package]\nname = "${name}"\nversion = "0.1.0"\n${extra}`;
    const root = makeRepo({
      'Cargo.toml': `${crate('awl')}\n[workspace]\nmembers = ["awl_core", "awl_bench"]\n`,
      'src/lib.rs': '//! Awl parses awls.\npub use awl_core::Awl;\n',
      'src/bin/helper.rs': 'fn main() {}\n',
      'awl_core/Cargo.toml': crate('awl_core'),
      'awl_core/README.md': '# `awl_core`\n\nThe core of awl_core and its parser.\n',
      'awl_core/src/lib.rs': '//! The core.\npub struct Awl;\n',
      'awl_bench/Cargo.toml': crate('awl_bench', 'publish = false\n\n[dev-dependencies]\ndivan = "0.1"\n'),
      'awl_bench/src/lib.rs': '//! Benchmarks.\npub fn run() {}\n',
    });
    expect((await runCliInProcess(['build', root], root)).code).toBe(0);
    const built = project(root);
    expect(built.entrypoints.map((entry) => entry.path)).toEqual([
      'src/lib.rs',
      'src/bin/helper.rs',
      'awl_core/src/lib.rs',
    ]);
    // The README's heading only names the folder, so its paragraph describes it, the underscore of
    // `awl_core` kept (not read as emphasis).
    expect(readFileSync(join(root, 'AGENTS.md'), 'utf8')).toContain(
      '- `awl_core/` — The core of awl_core and its parser.\n',
    );
  });
});
