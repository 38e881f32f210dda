import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dispatch } from '../src/router.js';

test('users can be listed', () => {
  assert.equal(dispatch('GET', '/users').status, 200);
});

test('unknown routes are 404', () => {
  assert.equal(dispatch('GET', '/nope').status, 404);
});
