// Hidden check for cjs-merge-immutable.
'use strict';
const assert = require('node:assert/strict');
const { test } = require('node:test');
const { deepMerge, mergeLayers } = require(`${process.cwd()}/lib/merge.js`);

test('inputs are never modified', () => {
  const base = { a: { b: 1 }, list: [1] };
  const override = { a: { c: 2 }, list: [2] };
  const merged = deepMerge(base, override);
  assert.deepEqual(base, { a: { b: 1 }, list: [1] });
  assert.deepEqual(override, { a: { c: 2 }, list: [2] });
  assert.notEqual(merged.a, base.a);
});

test('arrays from the override replace the base array', () => {
  assert.deepEqual(deepMerge({ list: [1, 2] }, { list: [3] }), { list: [3] });
});

test('merging layers still works', () => {
  const defaults = { server: { port: 80, hosts: ['a'] } };
  assert.deepEqual(mergeLayers(defaults, { server: { port: 8080 } }), {
    server: { port: 8080, hosts: ['a'] },
  });
  assert.deepEqual(defaults, { server: { port: 80, hosts: ['a'] } });
  assert.deepEqual(deepMerge({ a: { b: 1 } }, { a: { c: 2 } }), { a: { b: 1, c: 2 } });
});
