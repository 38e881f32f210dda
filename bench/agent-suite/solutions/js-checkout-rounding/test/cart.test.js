import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cartTotal, lineTotal } from '../lib/cart.js';
import { roundCents } from '../lib/money.js';

test('a line is unit price times quantity', () => {
  assert.equal(lineTotal({ sku: 'a', unitPrice: 2.5, quantity: 3 }), 7.5);
});

test('the cart adds its lines', () => {
  assert.equal(cartTotal([{ sku: 'a', unitPrice: 1, quantity: 2 }, { sku: 'b', unitPrice: 0.5, quantity: 1 }]), 2.5);
});

test('halves round away from zero', () => {
  assert.equal(roundCents(1.005), 1.01);
  assert.equal(roundCents(-1.005), -1.01);
  assert.equal(lineTotal({ sku: 'a', unitPrice: 1.005, quantity: 1 }), 1.01);
});
