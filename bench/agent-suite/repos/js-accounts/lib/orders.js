/** An order record; the receipt goes to `receiptEmail`, which must be a valid address. */
export function createOrder({ items, receiptEmail }) {
  if (typeof receiptEmail !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(receiptEmail.trim()))
    throw new Error(`invalid email: ${receiptEmail}`);
  return { items: [...items], receiptEmail: receiptEmail.trim().toLowerCase() };
}
