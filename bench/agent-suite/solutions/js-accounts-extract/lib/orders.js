import { isEmail } from './validate.js';

/** An order record; the receipt goes to `receiptEmail`, which must be a valid address. */
export function createOrder({ items, receiptEmail }) {
  if (!isEmail(receiptEmail)) throw new Error(`invalid email: ${receiptEmail}`);
  return { items: [...items], receiptEmail: receiptEmail.trim().toLowerCase() };
}
