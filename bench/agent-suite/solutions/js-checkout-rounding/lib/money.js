/** Money as numbers of euros; every total is rounded to whole cents. */

/**
 * Rounds to cents, halves away from zero (1.005 -> 1.01). Shifting by the decimal exponent in
 * the number's text avoids the binary error of `amount * 100` (1.005 * 100 is 100.49999…).
 */
export function roundCents(amount) {
  const cents = Math.round(Number(`${Math.abs(amount)}e2`));
  return (Math.sign(amount) * cents) / 100 || 0;
}

export function formatEuros(amount) {
  return `€${roundCents(amount).toFixed(2)}`;
}
