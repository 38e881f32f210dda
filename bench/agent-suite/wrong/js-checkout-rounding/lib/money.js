/** Money as numbers of euros; every total is rounded to whole cents. */

/** Rounds to cents, halves away from zero (1.005 -> 1.01). */
export function roundCents(amount) {
  return Math.round(amount * 100 + 0.5) / 100;
}

export function formatEuros(amount) {
  return `€${roundCents(amount).toFixed(2)}`;
}
