/** A user record from raw input; throws on an invalid email. */
export function createUser({ name, email }) {
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim()))
    throw new Error(`invalid email: ${email}`);
  return { name: name.trim(), email: email.trim().toLowerCase() };
}
