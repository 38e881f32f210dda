// Hidden check for js-slug-max-length.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

const { slugify } = await import(pathToFileURL(`${process.cwd()}/lib/slug.js`).href);

test('maxLength cuts at a word boundary', () => {
  assert.equal(slugify('The quick brown fox jumps', { maxLength: 15 }), 'the-quick-brown');
  assert.equal(slugify('The quick brown fox jumps', { maxLength: 14 }), 'the-quick');
});

test('no trailing separator after a cut', () => {
  assert.equal(slugify('one two three', { maxLength: 8 }), 'one-two');
  assert.equal(slugify('a b', { maxLength: 2, separator: '_' }), 'a');
});

test('a first word longer than maxLength is cut inside the word', () => {
  assert.equal(slugify('Supercalifragilistic day', { maxLength: 5 }), 'super');
});

test('without maxLength nothing changes', () => {
  assert.equal(slugify('Hello, World!'), 'hello-world');
  assert.equal(slugify('Crème brûlée', { separator: '_' }), 'creme_brulee');
});
