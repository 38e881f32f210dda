/** Whether `value` is a string that looks like an email address (surrounding spaces allowed). */
export function isEmail(value) {
  return typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());
}
