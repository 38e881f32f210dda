import assert from 'node:assert/strict';
import { test } from 'node:test';
import { slugify } from '../lib/slug.js';

test('words are joined by dashes', () => {
  assert.equal(slugify('Hello, World!'), 'hello-world');
});

test('accents are dropped', () => {
  assert.equal(slugify('Crème brûlée'), 'creme-brulee');
});

test('the separator can be chosen', () => {
  assert.equal(slugify('a b c', { separator: '_' }), 'a_b_c');
});
