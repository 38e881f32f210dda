/** A small TypeScript project with layers, tests and a lockfile, used by the contract and impact tests. */
import type { FileTree } from '../helpers/repo.js';

export const CONTRACTS_DIR = '.agent-context/contracts';

export const shopProject: FileTree = {
  'package.json': JSON.stringify(
    {
      name: 'shop',
      type: 'module',
      scripts: { test: 'vitest run', lint: 'biome check .' },
      devDependencies: { vitest: '1.0.0' },
    },
    null,
    2,
  ),
  'package-lock.json': '{"lockfileVersion":3}\n',
  'vitest.config.ts': "export default { test: { include: ['test/**/*.test.ts'] } };\n",
  'src/core/price.ts': 'export function price(quantity: number): number {\n  return quantity * 100;\n}\n',
  'src/core/tax.ts':
    "import { price } from './price.js';\nexport const gross = (q: number) => price(q) * 1.2;\n",
  'src/api/server.ts': "import { gross } from '../core/tax.js';\nexport const handler = () => gross(2);\n",
  'src/ui/view.ts':
    "import { handler } from '../api/server.js';\nexport const render = () => String(handler());\n",
  'test/core/price.test.ts': "import { price } from '../../src/core/price.js';\nprice(1);\n",
  'test/ui/view.test.ts': "import { render } from '../../src/ui/view.js';\nrender();\n",
};

export function json(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/** An architecture contract where core and api may import no other layer (api -> core breaks it). */
export const coreBelowApi = json({
  schemaVersion: 1,
  layers: [
    { name: 'core', paths: ['src/core/**'], mayImport: [] },
    { name: 'api', paths: ['src/api/**'], mayImport: [] },
  ],
});
