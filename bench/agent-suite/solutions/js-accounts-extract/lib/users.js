import { isEmail } from './validate.js';

/** A user record from raw input; throws on an invalid email. */
export function createUser({ name, email }) {
  if (!isEmail(email)) throw new Error(`invalid email: ${email}`);
  return { name: name.trim(), email: email.trim().toLowerCase() };
}
