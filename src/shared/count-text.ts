/**
 * `1234567` -> `1,234,567`: a count as the reports print it, the same as `toLocaleString('en-US')`
 * gives, without starting ICU's number formatting (10-25 ms of CPU on the first call in a
 * process, paid by every `update` that writes summary.md).
 */
export function countText(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-US');
  const digits = String(Math.abs(value));
  let grouped = digits.slice(0, digits.length % 3 || 3);
  for (let at = grouped.length; at < digits.length; at += 3) grouped += `,${digits.slice(at, at + 3)}`;
  return value < 0 || Object.is(value, -0) ? `-${grouped}` : grouped;
}
