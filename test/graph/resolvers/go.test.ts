import { describe, expect, it } from 'vitest';
import { edgesFrom, graphOf, unresolvedOf } from './graph-of.js';

const goMod = [
  'module example.com/shop',
  '',
  'go 1.22',
  '',
  'require (',
  '\tgithub.com/google/uuid v1.6.0',
  '\tgolang.org/x/sync v0.7.0 // indirect',
  ')',
  '',
  'replace example.com/money => ./third_party/money',
  '',
].join('\n');

describe('go resolver', () => {
  it('links an import of a package directory to its non-test .go files', async () => {
    const graph = await graphOf({
      'go.mod': goMod,
      'main.go':
        'package main\n\nimport (\n\t"fmt"\n\n\t"example.com/shop/internal/store"\n)\n\nfunc main() { fmt.Println(store.Count()) }\n',
      'internal/store/store.go': 'package store\n\nfunc Count() int { return 0 }\n',
      'internal/store/cache.go': 'package store\n',
      'internal/store/store_test.go': 'package store\n\nimport "testing"\n',
      'internal/store/sql/sql.go': 'package sql\n',
      'internal/store/testdata/fixture.go': 'package fixture\n',
      'internal/store/store_fixture_test.go':
        'package store\n\nimport "example.com/shop/internal/store/testdata"\n',
    });
    expect(edgesFrom(graph, 'main.go')).toEqual([
      'main.go:4 -> builtin:go:fmt',
      'main.go:6 -> internal/store/cache.go',
      'main.go:6 -> internal/store/store.go',
    ]);
    expect(edgesFrom(graph, 'internal/store/store_test.go')).toEqual([
      'internal/store/store_test.go:3 -> builtin:go:testing',
    ]);
    expect(edgesFrom(graph, 'internal/store/store_fixture_test.go')).toEqual([
      'internal/store/store_fixture_test.go:3 -> internal/store/testdata/fixture.go',
    ]);
  });

  it('names external modules from require, else from the host convention', async () => {
    const graph = await graphOf({
      'go.mod': goMod,
      'app.go':
        'package app\n\nimport (\n\t"github.com/google/uuid"\n\t"golang.org/x/sync/errgroup"\n\t"github.com/acme/tool/pkg/x"\n\t"gopkg.in/yaml.v3"\n\t"k8s.io/client-go/kubernetes"\n\t"C"\n)\n',
    });
    expect(edgesFrom(graph)).toEqual([
      'app.go:4 -> go:github.com/google/uuid',
      'app.go:5 -> go:golang.org/x/sync',
      'app.go:6 -> go:github.com/acme/tool',
      'app.go:7 -> go:gopkg.in/yaml.v3',
      'app.go:8 -> go:k8s.io/client-go/kubernetes',
      'app.go:9 -> builtin:go:C',
    ]);
  });

  it('resolves nested modules, go.work members and local replace targets', async () => {
    const graph = await graphOf({
      'go.mod': goMod,
      'go.work': 'go 1.22\n\nuse (\n\t.\n\t./tools\n)\n',
      'cmd/shop/main.go':
        'package main\n\nimport (\n\t"example.com/shop/tools/gen"\n\t"example.com/money"\n\t"example.com/shop/missing"\n)\n\nfunc main() {}\n',
      'tools/go.mod': 'module example.com/shop/tools\n\ngo 1.22\n',
      'tools/gen/gen.go': 'package gen\n',
      'third_party/money/money.go': 'package money\n',
    });
    expect(edgesFrom(graph, 'cmd/shop/main.go')).toEqual([
      'cmd/shop/main.go:4 -> tools/gen/gen.go',
      'cmd/shop/main.go:5 -> third_party/money/money.go',
    ]);
    expect(unresolvedOf(graph)).toEqual(['cmd/shop/main.go:6 example.com/shop/missing (not-found)']);
    expect(graph.unresolved[0]?.detail).toBe('no non-test .go files in missing/');
  });

  it('gives the same graph for the same tree', async () => {
    const tree = {
      'go.mod': goMod,
      'a/a.go': 'package a\n\nimport "example.com/shop/b"\n',
      'b/z.go': 'package b\n',
      'b/y.go': 'package b\n',
      'b/x.go': 'package b\n',
    };
    const first = await graphOf(tree);
    const second = await graphOf(tree);
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(edgesFrom(first, 'a/a.go')).toEqual([
      'a/a.go:3 -> b/x.go',
      'a/a.go:3 -> b/y.go',
      'a/a.go:3 -> b/z.go',
    ]);
  });
});
