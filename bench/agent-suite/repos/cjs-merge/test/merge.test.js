'use strict';
const assert = require('node:assert/strict');
const { test } = require('node:test');
const { deepMerge, mergeLayers } = require('../lib/merge.js');

test('nested keys are merged', () => {
  assert.deepEqual(deepMerge({ a: { b: 1 } }, { a: { c: 2 } }), { a: { b: 1, c: 2 } });
});

test('later layers win', () => {
  assert.deepEqual(mergeLayers({ port: 1 }, { port: 2 }), { port: 2 });
});
