/** Names, words and sentences the synthetic repositories are made of, and the name helpers. */

/** Space-separated word lists keep the vocabulary compact. */
export const words = (text) => text.split(' ');

export const LAYERS = ['shared', 'domain', 'services', 'ui'];
export const LAYER_WEIGHTS = { shared: 0.15, domain: 0.3, services: 0.3, ui: 0.25 };
/** tsconfig `paths` aliases: `@shared/*`, `@domain/*`, `@services/*`. */
export const ALIASED_LAYERS = new Set(['shared', 'domain', 'services']);

export const AREAS = words(
  'billing catalog accounts shipping search inventory payments reports auth notifications orders ' +
    'pricing reviews analytics support media loyalty fulfillment tax audit messaging scheduling ' +
    'documents integrations compliance marketing returns subscriptions warehouse identity',
);
export const FEATURES = words(
  'invoices ledgers refunds carts products variants customers sessions tokens addresses parcels ' +
    'carriers queries indexes stocks batches cards transfers exports dashboards roles permissions ' +
    'emails webhooks templates tickets uploads images points rewards labels rates receipts events ' +
    'threads slots calendars contracts signatures partners feeds campaigns coupons plans renewals ' +
    'bins pickups quotes disputes settlements',
);
export const SUFFIXES = {
  shared: words('utils format guard result clock logger ids errors collections cache retry signals'),
  domain: words('model rules policy events errors types value factory validator schema calculator state'),
  services: words(
    'service repository client mapper store scheduler worker queue gateway importer sync notifier',
  ),
  ui: words('routes controller view presenter handlers dto form page serializer middleware'),
};
/** Suffixes whose main export is a class; the rest export a function (plus their types). */
export const CLASS_SUFFIXES = new Set(
  words(
    'cache logger clock model policy state service repository client store ' +
      'scheduler worker queue gateway importer notifier controller presenter view',
  ),
);
export const VERBS = words('summarize normalize merge rank validate collect split reconcile project score');
export const NOUNS = words('entries totals batch window snapshot digest ledger groups changes limits');
export const WORDS = words(
  'record amount period owner status label limit region currency version source target priority ' +
    'channel reason window quota weight cursor scope',
);
export const PROSE = [
  'Keeps the rules in one place so callers never duplicate them.',
  'Pure: it never reads the clock or the network; callers pass what it needs.',
  'Records are compared by id, never by reference, because they cross process boundaries.',
  'Limits are inclusive; a zero limit disables the check rather than rejecting everything.',
  'The order of the output follows the input, which keeps reports stable between runs.',
  'Errors carry the offending id so support can find the record without a debugger.',
  'Amounts are integers in minor units; rounding happens once, at the edge.',
  'Inactive records are skipped here instead of being filtered by every caller.',
];

export const pascal = (kebab) => kebab.replace(/(^|-)([a-z])/g, (_, __, letter) => letter.toUpperCase());
export const camel = (kebab) => {
  const name = pascal(kebab);
  return name[0].toLowerCase() + name.slice(1);
};
export function singular(word) {
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  return word.endsWith('s') ? word.slice(0, -1) : word;
}
export const withoutExtension = (path) => path.replace(/\.[cm]?[jt]s$/, '');
