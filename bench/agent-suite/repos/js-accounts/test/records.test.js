import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createOrder } from '../lib/orders.js';
import { createUser } from '../lib/users.js';

test('a user gets a normalised email', () => {
  assert.equal(createUser({ name: ' Ada ', email: 'ADA@example.org ' }).email, 'ada@example.org');
});

test('an order refuses a bad receipt email', () => {
  assert.throws(() => createOrder({ items: [], receiptEmail: 'nope' }), /invalid email/);
});
