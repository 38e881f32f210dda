import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildContextPackage } from '../../src/context/build.js';
import { builtGraph, builtIndex } from '../helpers/context.js';
import { makeRepo } from '../helpers/repo.js';

/** One small service per language in one repository, as a monorepo would hold them. */
const polyglot = {
  'README.md': '# polyglot\n\nFour services in four languages.\n',
  'py/pyproject.toml': '[project]\nname = "shop"\n',
  'py/src/shop/__init__.py': '"""The shop package."""\n',
  'py/src/shop/__main__.py': 'from shop.api import app\n\napp.run()\n',
  'py/src/shop/api.py':
    '"""HTTP API of the shop."""\nfrom flask import Flask\nfrom . import models\n\napp = Flask(__name__)\n\n@app.route("/items", methods=["GET", "POST"])\ndef items():\n    return models.list_items()\n',
  'py/src/shop/models.py':
    'import os\n\nDATABASE_URL = os.environ.get("DATABASE_URL")\n\ndef list_items():\n    """All items."""\n    return []\n',
  'go/go.mod': 'module example.com/inventory\n\ngo 1.22\n\nrequire github.com/go-chi/chi/v5 v5.0.12\n',
  'go/main.go':
    'package main\n\nimport (\n\t"net/http"\n\n\t"example.com/inventory/store"\n)\n\nfunc main() {\n\thttp.HandleFunc("GET /stock", store.Handler)\n\thttp.ListenAndServe(":8080", nil)\n}\n',
  'go/store/store.go':
    '// Package store keeps stock counts.\npackage store\n\nimport "net/http"\n\nfunc Handler(w http.ResponseWriter, r *http.Request) {}\n',
  'go/store/store_test.go': 'package store\n\nimport "testing"\n\nfunc TestHandler(t *testing.T) {}\n',
  'rs/Cargo.toml': '[package]\nname = "pricing"\nversion = "0.1.0"\n\n[dependencies]\nserde = "1"\n',
  'rs/src/main.rs':
    '//! Pricing service.\nmod rules;\nuse crate::rules::Rule;\nuse serde::Serialize;\n\nfn main() {\n    let _ = std::env::var("PRICING_MODE");\n}\n',
  'rs/src/rules.rs': '/// A pricing rule.\npub struct Rule;\n',
  'java/src/main/java/com/shop/billing/App.java':
    'package com.shop.billing;\n\nimport com.shop.billing.web.InvoiceController;\n\npublic class App {\n  public static void main(String[] args) {\n    new InvoiceController();\n  }\n}\n',
  'java/src/main/java/com/shop/billing/web/InvoiceController.java':
    'package com.shop.billing.web;\n\nimport org.springframework.web.bind.annotation.*;\n\n@RestController\n@RequestMapping("/invoices")\npublic class InvoiceController {\n  @GetMapping("/{id}")\n  public String get() { return System.getenv("BILLING_CURRENCY"); }\n}\n',
};

describe('buildContextPackage on a polyglot repository', () => {
  it('links each language, finds its routes, environment reads and entrypoints', async () => {
    const root = makeRepo(polyglot);
    await buildContextPackage(root);
    const read = (path: string) => readFileSync(join(root, path), 'utf8');

    const graph = await builtGraph(root);
    const edges = graph.edges.map((edge) => `${edge.from}:${edge.line} -> ${edge.to}`);
    expect(edges).toEqual([
      'go/main.go:4 -> builtin:go:net/http',
      'go/main.go:6 -> go/store/store.go',
      'go/store/store.go:4 -> builtin:go:net/http',
      'go/store/store_test.go:3 -> builtin:go:testing',
      'java/src/main/java/com/shop/billing/App.java:3 -> java/src/main/java/com/shop/billing/web/InvoiceController.java',
      'java/src/main/java/com/shop/billing/web/InvoiceController.java:3 -> maven:org.springframework.web',
      'py/src/shop/__main__.py:1 -> py/src/shop/api.py',
      'py/src/shop/api.py:2 -> pypi:flask',
      'py/src/shop/api.py:3 -> py/src/shop/models.py',
      'py/src/shop/models.py:1 -> builtin:python:os',
      'rs/src/main.rs:2 -> rs/src/rules.rs',
      'rs/src/main.rs:3 -> rs/src/rules.rs',
      'rs/src/main.rs:4 -> crate:serde',
    ]);
    expect(graph.unresolved).toEqual([]);

    const index = await builtIndex(root);
    const byPath = new Map(index.files.map((file) => [file.path, file]));
    const routes = index.files.flatMap((file) =>
      file.routes.map(
        (route) => `${file.path}:${route.line} ${route.method} ${route.path} (${route.framework})`,
      ),
    );
    expect(routes).toEqual([
      'go/main.go:10 GET /stock (net/http)',
      'java/src/main/java/com/shop/billing/web/InvoiceController.java:8 GET /invoices/{id} (spring)',
      'py/src/shop/api.py:7 GET /items (flask)',
      'py/src/shop/api.py:7 POST /items (flask)',
    ]);
    const env = index.files.flatMap((file) =>
      file.env.map((read) => `${file.path}:${read.line} ${read.name}`),
    );
    expect(env).toEqual([
      'java/src/main/java/com/shop/billing/web/InvoiceController.java:9 BILLING_CURRENCY',
      'py/src/shop/models.py:3 DATABASE_URL',
      'rs/src/main.rs:7 PRICING_MODE',
    ]);
    for (const path of [
      'go/main.go',
      'rs/src/main.rs',
      'py/src/shop/api.py',
      'java/src/main/java/com/shop/billing/App.java',
    ])
      expect(byPath.get(path)?.confidence).toBe('parsed');
    expect(byPath.get('go/store/store.go')?.summary.text).toBe('Package store keeps stock counts.');

    const agents = read('AGENTS.md');
    const entrypoints = agents.slice(
      agents.indexOf('### Entrypoints'),
      agents.indexOf('### Central modules'),
    );
    expect(entrypoints).toContain('`go/main.go` — Go main package');
    expect(entrypoints).toContain('`rs/src/main.rs` — Rust binary crate root');
    expect(entrypoints).toContain('`py/src/shop/__main__.py` — Python __main__');
    expect(entrypoints).toContain('`java/src/main/java/com/shop/billing/App.java` — Java main method');
  });

  it('names the root package of a Go library as its entrypoint', async () => {
    const root = makeRepo({
      'go.mod': 'module example.com/web\n\ngo 1.22\n',
      'web.go':
        '// Package web is a small HTTP framework.\npackage web\n\nfunc New() *Engine { return nil }\n',
      'context.go': 'package web\n\ntype Engine struct{}\n',
      'render/render.go': 'package render\n\nfunc JSON() {}\n',
      '_examples/hello/main.go': 'package main\n\nfunc main() {}\n',
    });
    const { agents, entrypoints } = await builtAgents(root);
    expect(entrypoints).toContain('`web.go` — Go library root package');
    expect(entrypoints).not.toContain('context.go');
    // Examples' mains are not the project's entrypoints.
    expect(entrypoints).not.toContain('_examples/hello/main.go');
    expect(agents).toContain('- Execution starts at `web.go` (Go library root package)');
  });

  it('names the Cargo targets declared with a path', async () => {
    const root = makeRepo({
      'Cargo.toml':
        '[package]\nname = "search"\nversion = "0.1.0"\n\n[[bin]]\nbench = false\npath = "crates/core/main.rs"\nname = "sg"\n\n[lib]\npath = "crates/core/lib.rs" # the library\n\n[dependencies]\nregex = "1"\n',
      'crates/core/main.rs': 'fn main() {}\n',
      'crates/core/lib.rs': '//! Search, as a library.\npub fn search() {}\n',
    });
    const { entrypoints } = await builtAgents(root);
    expect(entrypoints).toContain('`crates/core/main.rs` — Cargo.toml [[bin]] sg');
    expect(entrypoints).toContain('`crates/core/lib.rs` — Cargo.toml [lib]');
  });
});

/** Builds the context and returns AGENTS.md with its Entrypoints section. */
async function builtAgents(root: string): Promise<{ agents: string; entrypoints: string }> {
  await buildContextPackage(root);
  const agents = readFileSync(join(root, 'AGENTS.md'), 'utf8');
  return {
    agents,
    entrypoints: agents.slice(agents.indexOf('### Entrypoints'), agents.indexOf('### Central modules')),
  };
}
