import { roundCents } from './money.js';

/** A line: { sku, unitPrice, quantity }. */
export function lineTotal(line) {
  return roundCents(line.unitPrice * line.quantity);
}

/** The cart total after a percentage discount and VAT, rounded once at the end. */
export function cartTotal(lines, { discountPercent = 0, vatPercent = 0 } = {}) {
  const subtotal = lines.reduce((sum, line) => sum + lineTotal(line), 0);
  const discounted = subtotal * (1 - discountPercent / 100);
  return roundCents(discounted * (1 + vatPercent / 100));
}
