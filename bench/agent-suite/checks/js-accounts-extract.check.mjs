// Hidden check for js-accounts-extract: behaviour unchanged, one isEmail in lib/validate.js used by both modules.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const cwd = process.cwd();
const load = (path) => import(pathToFileURL(`${cwd}/${path}`).href);
const { isEmail } = await load('lib/validate.js');
assert.equal(isEmail('a@b.co'), true);
assert.equal(isEmail(' a@b.co '), true);
assert.equal(isEmail('a@b'), false);
assert.equal(isEmail(42), false);
const { createUser } = await load('lib/users.js');
const { createOrder } = await load('lib/orders.js');
assert.equal(createUser({ name: 'x', email: 'X@Y.ORG' }).email, 'x@y.org');
assert.throws(() => createUser({ name: 'x', email: 'x@y' }), /invalid email/);
assert.throws(() => createOrder({ items: [], receiptEmail: 'nope' }), /invalid email/);
assert.deepEqual(createOrder({ items: [1], receiptEmail: 'A@B.CO' }), { items: [1], receiptEmail: 'a@b.co' });
for (const file of ['lib/users.js', 'lib/orders.js']) {
  const source = readFileSync(`${cwd}/${file}`, 'utf8');
  assert.match(source, /from '\.\/validate\.js'/, `${file} imports ./validate.js`);
  assert.doesNotMatch(source, /\[\^\\s@\]/, `${file} no longer carries its own email pattern`);
}
console.log('js-accounts-extract: passed');
