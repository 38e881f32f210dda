import { describe, expect, it } from 'vitest';
import { openRetrieval } from '../../src/api/retrieval-session.js';
import { commitAll, makeRepo, writeTree } from '../helpers/repo.js';

const tree = {
  'package.json': JSON.stringify({ name: 'shop', type: 'module' }),
  'src/cart.ts':
    '/** The cart: items and their quantities. */\nexport function addItem(cart: string[], item: string): void {\n  cart.push(item);\n}\n',
  'src/checkout.ts':
    "import { addItem } from './cart.js';\n/** Checkout: totals, taxes and the receipt. */\nexport function receiptTotal(prices: number[]): number {\n  return prices.reduce((sum, price) => sum + price, 0);\n}\nexport { addItem };\n",
  'src/shipping.ts':
    '/** Shipping rates by weight and zone. */\nexport function shippingRate(weight: number): number {\n  return weight * 2;\n}\n',
  'test/checkout.test.ts': "import { receiptTotal } from '../src/checkout.js';\nreceiptTotal([1, 2]);\n",
};

function shop(): string {
  const root = makeRepo(tree);
  writeTree(root, {
    'src/checkout.ts': `${tree['src/checkout.ts']}// rounding\n`,
    'src/cart.ts': `${tree['src/cart.ts']}// rounding\n`,
  });
  commitAll(root, 'Round the receipt total');
  return root;
}

describe('a retrieval session across queries', () => {
  it('builds the corpus once: every query after the first scores the same corpus', async () => {
    const session = await openRetrieval(shop(), {});
    try {
      const first = await session.run('the receipt total is off by a cent', { top: 5, tests: 2 });
      const second = await session.run('shipping rate for heavy parcels', { top: 5, tests: 2 });
      const plain = await session.run('cart items', { top: 5, tests: 0, mode: 'plain-bm25' });
      expect(second.corpus).toBe(first.corpus);
      expect(plain.corpus).toBe(first.corpus);
      expect(first.retrieval.files[0]?.path).toBe('src/checkout.ts');
      expect(second.retrieval.files[0]?.path).toBe('src/shipping.ts');
    } finally {
      await session.close();
    }
  });

  it('answers a warm query exactly as a fresh session answers it, reasons and tests included', async () => {
    const root = shop();
    const warm = await openRetrieval(root, {});
    await warm.run('shipping rate for heavy parcels', { top: 5, tests: 2 });
    const again = await warm.run('the receipt total is off by a cent', { top: 5, tests: 2 });
    await warm.close();
    const fresh = await openRetrieval(root, {});
    const once = await fresh.run('the receipt total is off by a cent', { top: 5, tests: 2 });
    await fresh.close();
    expect(again.retrieval).toEqual(once.retrieval);
    expect(once.retrieval.tests.map((test) => test.path)).toContain('test/checkout.test.ts');
  });
});
