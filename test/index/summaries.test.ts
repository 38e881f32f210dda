import { describe, expect, it } from 'vitest';
import { javaAdapter } from '../../src/index/languages/java.js';
import { pythonAdapter } from '../../src/index/languages/python.js';
import { rustAdapter } from '../../src/index/languages/rust.js';
import { textAdapter } from '../../src/index/languages/text.js';
import { typescriptAdapter } from '../../src/index/languages/typescript.js';
import { firstSentence } from '../../src/index/lines.js';

describe('one-line summaries', () => {
  it('reads the description out of describing tags and skips the text of the others', () => {
    expect(
      firstSentence(
        '/**\n * @deprecated CUID v1 is deprecated by its authors due to information leakage\n * (timestamps embedded in the id). Use {@link cuid2} instead.\n */',
      ),
    ).toBe(
      'CUID v1 is deprecated by its authors due to information leakage (timestamps embedded in the id).',
    );
    expect(
      firstSentence(
        '/** @internal Supplies the object a container builds into, registered before any\n * child is parsed so a reference back to the same input resolves to it. */',
      ),
    ).toBe(
      'Supplies the object a container builds into, registered before any child is parsed so a reference back to the same input resolves to it.',
    );
    // A tag's continuation line is not a description.
    expect(firstSentence('/**\n * @param value the value to check,\n *   continued on this line.\n */')).toBe(
      undefined,
    );
    expect(firstSentence('/**\n * Checks a value.\n * @param value the value\n */')).toBe('Checks a value.');
    expect(firstSentence('/**\n * Checks a value\n * @returns whether it passed.\n */')).toBe(
      'Checks a value',
    );
  });

  it('reads inline HTML of a Javadoc as its text, and leaves generics alone', () => {
    expect(
      firstSentence(
        '/**\n * Reads a JSON (<a href="https://www.ietf.org/rfc/rfc8259.txt">RFC 8259</a>) encoded value as a\n * stream of tokens. This stream includes both literal values.\n */',
      ),
    ).toBe('Reads a JSON (RFC 8259) encoded value as a stream of tokens.');
    expect(firstSentence('/** Returns a <code>List&lt;T&gt;</code> of <em>all</em> names. */')).toBe(
      'Returns a `List<T>` of all names.',
    );
    expect(firstSentence('/** Maps a List<T> to a Map<K, V> by key. */')).toBe(
      'Maps a List<T> to a Map<K, V> by key.',
    );
  });

  it('reads the Markdown of a doc comment as its text', () => {
    expect(firstSentence('> **Command Line Argument Parser for Rust**\n\nQuick Links:')).toBe(
      'Command Line Argument Parser for Rust',
    );
    expect(firstSentence('/// Define [`Command`] line [arguments][`Arg`]\n')).toBe(
      'Define `Command` line arguments',
    );
    expect(firstSentence('/// [`Command`][crate::Command] line argument parser\n')).toBe(
      '`Command` line argument parser',
    );
    expect(firstSentence('/** See [the guide](https://example.com/guide) for **all** options. */')).toBe(
      'See the guide for all options.',
    );
    // Python names and indexing stay as they are.
    expect(firstSentence('Calls __init__ on items[0] of a list[str].')).toBe(
      'Calls __init__ on items[0] of a list[str].',
    );
  });

  it('never reads a hashbang as a module doc', () => {
    const bin = (text: string) => typescriptAdapter.extract({ path: 'bin/cli.js', text }).summary;
    expect(
      bin("#!/usr/bin/env node\nimport module from 'node:module'\nmodule.enableCompileCache()\n").source,
    ).toBe('derived');
    expect(bin("#!/usr/bin/env node\n// Runs the command line.\nimport './dist/index.js'\n")).toEqual({
      text: 'Runs the command line.',
      source: 'module-doc',
      line: 2,
    });
  });

  it('ends the summary with the first paragraph when it has no full stop', () => {
    expect(firstSentence('"""Our exception hierarchy:\n\n* HTTPError\n  x RequestError\n"""')).toBe(
      'Our exception hierarchy',
    );
    expect(
      firstSentence(
        '"""\nHTTP status codes and reason phrases\n\nStatus codes from the following RFCs.\n"""',
      ),
    ).toBe('HTTP status codes and reason phrases');
  });

  it('passes over a doc that opens with a code example', async () => {
    await pythonAdapter.init!();
    const facts = pythonAdapter.extract({
      path: 'pkg/_urls.py',
      text: [
        'class URL:',
        '    """',
        '    url = URL("https://example.com/a")',
        '    assert url.host == "example.com"',
        '    """',
        '',
        'class QueryParams:',
        '    """URL query parameters, as a multi-dict."""',
        '',
      ].join('\n'),
    });
    // `URL` is what `_urls.py` is about; its doc is an example, so the summary is derived rather
    // than borrowed from `QueryParams`, which is not the file's principal class.
    expect(facts.summary).toEqual({ text: 'Exports URL (class), QueryParams (class).', source: 'derived' });
  });

  it("takes a symbol's doc only from the symbol the file is about", async () => {
    await pythonAdapter.init!();
    const helpers = pythonAdapter.extract({
      path: 'pkg/helpers.py',
      text: 'def quote(s):\n    """Quote a header value."""\n\ndef unquote(s):\n    """Unquote a header value."""\n',
    });
    expect(helpers.summary).toEqual({
      text: 'Exports quote (function), unquote (function).',
      source: 'derived',
    });
    const generic = pythonAdapter.extract({
      path: 'pkg/concurrency.py',
      text: 'import typing\n\nP = typing.ParamSpec("P")\nT = typing.TypeVar("T")\n\nasync def run_in_threadpool(func): ...\n\nasync def run_until_first_complete(*args): ...\n',
    });
    expect(generic.summary.text).toBe(
      'Exports run_in_threadpool (function), run_until_first_complete (function).',
    );
    const named = pythonAdapter.extract({
      path: 'pkg/background.py',
      text: 'def run(f):\n    """Run a task."""\n\nclass BackgroundTask:\n    """A task run after the response is sent."""\n',
    });
    expect(named.summary).toEqual({
      text: 'A task run after the response is sent.',
      source: 'symbol-doc',
      line: 4,
    });
    const plural = typescriptAdapter.extract({
      path: 'src/errors.ts',
      text: '/** Wraps a cause. */\nexport function wrap(e: unknown) { return e; }\n/** An error of the user. */\nexport class UserError {}\n/** A failed request. */\nexport class Error {}\n',
    });
    expect(plural.summary).toEqual({ text: 'A failed request.', source: 'symbol-doc', line: 6 });
    const ending = typescriptAdapter.extract({
      path: 'src/client.ts',
      text: '/** Joins two paths. */\nexport function join(a: string, b: string) { return a + b; }\n/** Sends requests over one connection. */\nexport class HttpClient {}\n',
    });
    expect(ending.summary).toEqual({
      text: 'Sends requests over one connection.',
      source: 'symbol-doc',
      line: 4,
    });
    // An index file is about its folder's name (date-fns: one function per folder, its options type first).
    const folder = typescriptAdapter.extract({
      path: 'src/formatDistance/index.ts',
      text: '/** The formatDistance function options. */\nexport interface FormatDistanceOptions { addSuffix?: boolean }\n/**\n * @name formatDistance\n * @summary Return the distance between the given dates in words.\n */\nexport function formatDistance() {}\n',
    });
    expect(folder.summary).toEqual({
      line: 7,
      source: 'symbol-doc',
      text: 'Return the distance between the given dates in words.',
    });
    const byDefault = typescriptAdapter.extract({
      path: 'src/index.ts',
      text: '/** Parses flags. */\nexport function parse() {}\n/** Runs the command line. */\nexport default function main() {}\n',
    });
    expect(byDefault.summary).toEqual({ text: 'Runs the command line.', source: 'symbol-doc', line: 4 });
    const only = typescriptAdapter.extract({
      path: 'src/setup.ts',
      text: 'const x = 1;\n/** Installs the hooks once. */\nexport function install() { return x; }\n',
    });
    expect(only.summary).toEqual({ text: 'Installs the hooks once.', source: 'symbol-doc', line: 3 });
  });

  it('reads a doc written over several line comments as one text', async () => {
    const ts = typescriptAdapter.extract({
      path: 'src/store.ts',
      text: '// Keeps stock counts and\n// reserves items for carts. More.\n\nimport { a } from "./a.js";\nexport const b = a;\n',
    });
    expect(ts.summary.text).toBe('Keeps stock counts and reserves items for carts.');
    await rustAdapter.init!();
    const rust = rustAdapter.extract({
      path: 'src/interpolate.rs',
      text: '/// Interpolate capture references and write the interpolation\n/// result to `dst`. More text.\npub fn interpolate() {}\n',
    });
    expect(rust.symbols[0]?.doc).toBe(
      'Interpolate capture references and write the interpolation result to `dst`.',
    );
  });

  it('renders Javadoc inline tags and finds the Javadoc above a commented-out annotation', async () => {
    await javaAdapter.init!();
    const facts = javaAdapter.extract({
      path: 'src/main/java/org/example/Strings.java',
      text: [
        'package org.example;',
        '',
        '/**',
        ' * Operations on {@link String} that are',
        ' * {@code null} safe, see {@link #trim(String) trim}.',
        ' */',
        '//@Immutable',
        'public class Strings {',
        '  public static String trim(String s) { return s; }',
        '}',
      ].join('\n'),
    });
    expect(facts.summary).toEqual({
      text: 'Operations on String that are `null` safe, see trim.',
      source: 'symbol-doc',
      line: 8,
    });
  });

  it('says a package root gathers its modules, and skips reStructuredText directives', async () => {
    await pythonAdapter.init!();
    const init = pythonAdapter.extract({
      path: 'src/web/__init__.py',
      text: 'from .app import App as App\nfrom .json import dumps as dumps\n',
    });
    expect(init.summary.text).toBe('Gathers 2 module(s) of its package.');
    const rst =
      '.. rst-class:: hide-header\n\n.. toctree::\n   :maxdepth: 2\n\n   quickstart\n   api\n\nWelcome to Web\n==============\n';
    expect(textAdapter.extract({ path: 'docs/index.rst', text: rst }).summary.text).toBe('Welcome to Web');
  });

  it('reads reStructuredText titles: a module name over an underline is skipped, a title is kept', () => {
    expect(
      firstSentence(
        '"""\nrequests.models\n~~~~~~~~~~~~~~~\n\nThis module contains the primary objects.\n"""',
      ),
    ).toBe('This module contains the primary objects.');
    expect(firstSentence('"""\nRequests HTTP Library\n~~~~~~~~~~~~~~~~~~~~~\n\nMore.\n"""')).toBe(
      'Requests HTTP Library',
    );
    expect(firstSentence('"""\n=====\nTitle\n=====\n"""')).toBe('Title');
    const sphinx =
      '.. Requests documentation master file, created by\n   sphinx-quickstart on Sun Feb 13 2011.\n\nRequests: HTTP for Humans\n=========================\n';
    expect(textAdapter.extract({ path: 'docs/index.rst', text: sphinx }).summary.text).toBe(
      'Requests: HTTP for Humans',
    );
    const myst = '{.hide-header}\n# Welcome to Click\n';
    expect(textAdapter.extract({ path: 'docs/index.md', text: myst }).summary.text).toBe('Welcome to Click');
  });

  it('does not take commented-out code for a module doc', () => {
    const facts = typescriptAdapter.extract({
      path: 'src/checks.ts',
      text: '// import { Schema } from "./schemas.js";\n\n/** Checks that run after parsing. */\n\nimport { a } from "./a.js";\nexport const b = a;\n',
    });
    expect(facts.summary).toEqual({ text: 'Checks that run after parsing.', source: 'module-doc', line: 3 });
  });

  it('summarises a page by its meta description or title, never by the inside of a tag', () => {
    const page = [
      '<!DOCTYPE html>',
      '<html lang="en">',
      '  <head>',
      '    <title>Zod | Documentation</title>',
      '    <meta',
      '      name="description"',
      '      content="TypeScript-first schema validation"',
      '    />',
    ].join('\n');
    expect(textAdapter.extract({ path: 'docs/index.html', text: page }).summary).toEqual({
      text: 'TypeScript-first schema validation',
      source: 'module-doc',
      line: 5,
    });
    const wrapped =
      '# Windows\n\nThis directory contains a Windows manifest for various Windows-specific\nsettings.\n\nMore text.\n';
    // `# Windows` over `pkg/windows/` only names the folder: the wrapped paragraph speaks.
    expect(textAdapter.extract({ path: 'pkg/windows/README.md', text: wrapped }).summary.text).toBe(
      'This directory contains a Windows manifest for various Windows-specific settings.',
    );
    expect(textAdapter.extract({ path: 'pkg/windows/NOTES.md', text: wrapped.slice(11) }).summary.text).toBe(
      'This directory contains a Windows manifest for various Windows-specific settings.',
    );
    const titled = '<html><head><title>Release notes</title></head></html>\n';
    expect(textAdapter.extract({ path: 'notes.htm', text: titled }).summary.text).toBe('Release notes');
    // A title that only names its folder: the first paragraph says what the folder holds.
    const module = '# extras\n\nThis Maven module contains supplementary features. More.\n';
    expect(textAdapter.extract({ path: 'extras/README.md', text: module }).summary).toEqual({
      text: 'This Maven module contains supplementary features.',
      source: 'module-doc',
      line: 3,
    });
    expect(textAdapter.extract({ path: 'README.md', text: module }).summary.text).toBe('extras');
    expect(textAdapter.extract({ path: 'extras/README.md', text: '# extras\n' }).summary.text).toBe('extras');
    const scoped = '# @vitejs/plugin-legacy\n\nSupports legacy browsers in production builds.\n';
    expect(textAdapter.extract({ path: 'packages/plugin-legacy/README.md', text: scoped }).summary.text).toBe(
      'Supports legacy browsers in production builds.',
    );
    // A subheading or a lead-in to a code block right under the title is no description.
    const steps =
      '# create-vite\n\n## Scaffolding Your First Project\n\nWith NPM:\n\n```\nnpm create vite\n```\n';
    expect(textAdapter.extract({ path: 'packages/create-vite/README.md', text: steps }).summary.text).toBe(
      'create-vite',
    );
    const vite =
      '# Vite ⚡\n\n> Next Generation Frontend Tooling\n\nVite is a build tool for the web. It consists of two parts:\n';
    expect(textAdapter.extract({ path: 'packages/vite/README.md', text: vite }).summary.text).toBe(
      'Next Generation Frontend Tooling',
    );
    const clap =
      '<!-- omit in TOC -->\n# clap_complete\n\n> **Shell completion generation for `clap`**\n\n[![Crates.io](https://img.shields.io/crates/v/x)](https://crates.io)\n\nDual-licensed under [Apache 2.0](LICENSE-APACHE) or [MIT](LICENSE-MIT).\n';
    expect(textAdapter.extract({ path: 'clap_complete/README.md', text: clap }).summary).toEqual({
      text: 'Shell completion generation for clap',
      source: 'module-doc',
      line: 4,
    });
    const licensed =
      '# clap_lex\n\nDual-licensed under [Apache 2.0](LICENSE-APACHE) or [MIT](LICENSE-MIT).\n';
    expect(textAdapter.extract({ path: 'clap_lex/README.md', text: licensed }).summary.text).toBe('clap_lex');
    const callout = '# extras\n\n> [!NOTE]\n> Unmaintained.\n\nSupplementary features.\n';
    expect(textAdapter.extract({ path: 'extras/README.md', text: callout }).summary.text).toBe(
      'Supplementary features.',
    );
    const leadIn = '# create-vite\n\nWith NPM:\n\n```\nnpm create vite\n```\n';
    expect(textAdapter.extract({ path: 'packages/create-vite/README.md', text: leadIn }).summary.text).toBe(
      'create-vite',
    );
    const markdown =
      '<p align="center">\n  <img\n    src="logo.svg"\n    width="200"\n  />\n</p>\n\nA tiny HTTP client.\n';
    expect(textAdapter.extract({ path: 'README.md', text: markdown }).summary).toEqual({
      text: 'A tiny HTTP client.',
      source: 'module-doc',
      line: 8,
    });
  });
});
