import { describe, expect, it } from 'vitest';
import { edgesFrom, graphOf, unresolvedOf } from './graph-of.js';

const cargo = [
  '[package]',
  'name = "shop"',
  'version = "0.1.0"',
  '',
  '[dependencies]',
  'serde_json = "1"',
  'tokio-util = { version = "0.7" }',
  '',
  '[dev-dependencies.pretty_assertions]',
  'version = "1"',
  '',
].join('\n');

describe('rust resolver', () => {
  it('follows mod declarations beside directory owners and under other files', async () => {
    const graph = await graphOf({
      'Cargo.toml': cargo,
      'src/main.rs': 'mod config;\nmod db;\n#[path = "gen/api.rs"]\nmod api;\nmod missing;\n\nfn main() {}\n',
      'src/config.rs': 'mod env;\n',
      'src/config/env.rs': '',
      'src/db/mod.rs': 'pub mod pool;\n',
      'src/db/pool.rs': '',
      'src/gen/api.rs': '',
    });
    expect(edgesFrom(graph)).toEqual([
      'src/config.rs:1 -> src/config/env.rs',
      'src/db/mod.rs:1 -> src/db/pool.rs',
      'src/main.rs:1 -> src/config.rs',
      'src/main.rs:2 -> src/db/mod.rs',
      'src/main.rs:4 -> src/gen/api.rs',
    ]);
    expect(unresolvedOf(graph)).toEqual(['src/main.rs:5 missing (not-found)']);
    expect(graph.unresolved[0]?.detail).toBe('expected src/missing.rs or src/missing/mod.rs');
  });

  it('resolves use paths through crate, self, super and 2018 child-module paths', async () => {
    const graph = await graphOf({
      'Cargo.toml': cargo,
      'src/lib.rs': 'pub mod config;\npub mod db;\npub struct Root;\nuse config::Settings;\n',
      'src/config.rs': 'pub struct Settings;\npub mod env;\n',
      'src/config/env.rs': 'pub struct Vars;\n',
      'src/db/mod.rs': 'pub mod pool;\nuse self::pool::Pool;\nuse crate::config::{Settings, env::Vars};\n',
      'src/db/pool.rs':
        'use super::super::Root;\nuse crate::db::pool::Pool as Me;\nuse crate::Root as R;\nuse super::*;\npub struct Pool;\n',
    });
    expect(edgesFrom(graph, 'src/lib.rs')).toEqual([
      'src/lib.rs:1 -> src/config.rs',
      'src/lib.rs:2 -> src/db/mod.rs',
      'src/lib.rs:4 -> src/config.rs',
    ]);
    expect(edgesFrom(graph, 'src/db/mod.rs')).toEqual([
      'src/db/mod.rs:1 -> src/db/pool.rs',
      'src/db/mod.rs:2 -> src/db/pool.rs',
      'src/db/mod.rs:3 -> src/config.rs',
      'src/db/mod.rs:3 -> src/config/env.rs',
    ]);
    expect(edgesFrom(graph, 'src/db/pool.rs')).toEqual([
      'src/db/pool.rs:1 -> src/lib.rs',
      'src/db/pool.rs:3 -> src/lib.rs',
      'src/db/pool.rs:4 -> src/db/mod.rs',
    ]);
  });

  it('maps std to builtin and other crates to their Cargo.toml names', async () => {
    const graph = await graphOf({
      'Cargo.toml': cargo,
      'src/main.rs':
        'use std::collections::HashMap;\nuse core::fmt;\nuse serde_json::Value;\nuse tokio_util::codec;\nuse pretty_assertions::assert_eq;\nuse rand::Rng;\nextern crate alloc;\nfn main() {}\n',
    });
    expect(edgesFrom(graph)).toEqual([
      'src/main.rs:1 -> builtin:rust:std',
      'src/main.rs:2 -> builtin:rust:core',
      'src/main.rs:3 -> crate:serde_json',
      'src/main.rs:4 -> crate:tokio-util',
      'src/main.rs:5 -> crate:pretty_assertions',
      'src/main.rs:6 -> crate:rand',
      'src/main.rs:7 -> builtin:rust:alloc',
    ]);
  });

  it('resolves workspace crates by name, and integration tests against their own crate root', async () => {
    const graph = await graphOf({
      'Cargo.toml': '[workspace]\nmembers = ["crates/*"]\n',
      'crates/core/Cargo.toml': '[package]\nname = "shop-core"\nversion = "0.1.0"\n',
      'crates/core/src/lib.rs': 'pub mod model;\n',
      'crates/core/src/model.rs': 'pub struct Order;\n',
      'crates/core/tests/orders.rs': 'mod common;\nuse shop_core::model::Order;\n',
      'crates/core/tests/common/mod.rs': 'pub fn setup() {}\n',
      'crates/app/Cargo.toml':
        '[package]\nname = "app"\nversion = "0.1.0"\n\n[dependencies]\nshop-core = { path = "../core" }\n',
      'crates/app/src/main.rs': 'use shop_core::model::Order;\nuse shop_core::Missing;\nfn main() {}\n',
      'crates/app/src/bin/tool.rs': 'mod helper;\nuse crate::helper::go;\nfn main() {}\n',
      'crates/app/src/bin/helper.rs': 'pub fn go() {}\n',
    });
    expect(edgesFrom(graph, 'crates/app/src/main.rs')).toEqual([
      'crates/app/src/main.rs:1 -> crates/core/src/model.rs',
      'crates/app/src/main.rs:2 -> crates/core/src/lib.rs',
    ]);
    expect(edgesFrom(graph, 'crates/core/tests/orders.rs')).toEqual([
      'crates/core/tests/orders.rs:1 -> crates/core/tests/common/mod.rs',
      'crates/core/tests/orders.rs:2 -> crates/core/src/model.rs',
    ]);
    expect(edgesFrom(graph, 'crates/app/src/bin/tool.rs')).toEqual([
      'crates/app/src/bin/tool.rs:1 -> crates/app/src/bin/helper.rs',
      'crates/app/src/bin/tool.rs:2 -> crates/app/src/bin/helper.rs',
    ]);
  });

  it('finds the crate root by the chain of mod declarations, [[test]] paths included', async () => {
    const graph = await graphOf({
      'Cargo.toml': `${cargo}\n[[test]]\nname = "integration"\npath = "tests/tests.rs"\n`,
      'src/lib.rs': 'pub struct Lib;\n',
      'src/main.rs': 'mod cli;\npub struct App;\nfn main() {}\n',
      'src/cli.rs': 'use crate::App;\n',
      'tests/tests.rs': 'mod util;\nmod index;\n',
      'tests/util.rs': 'pub struct Dir;\n',
      'tests/index/mod.rs': 'mod basic;\n',
      'tests/index/basic.rs': 'use crate::util::Dir;\nuse super::super::util;\n',
    });
    expect(edgesFrom(graph, 'src/cli.rs')).toEqual(['src/cli.rs:1 -> src/main.rs']);
    expect(edgesFrom(graph, 'tests/index/basic.rs')).toEqual([
      'tests/index/basic.rs:1 -> tests/util.rs',
      'tests/index/basic.rs:2 -> tests/util.rs',
    ]);
    expect(graph.unresolved).toEqual([]);
  });

  it('resolves inline test modules and in-scope enums to the file itself (no edge)', async () => {
    const graph = await graphOf({
      'Cargo.toml': cargo,
      'src/lib.rs': 'pub mod price;\n',
      'src/price.rs':
        'pub enum Kind { A }\npub fn price() { use Kind::*; }\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::price::price as p;\n}\n',
    });
    expect(edgesFrom(graph, 'src/price.rs')).toEqual([]);
    expect(graph.unresolved).toEqual([]);
  });
});
