// Compares `tests` (regression level) with `vitest related` on this repository, for single-file
// changes given on the command line. Needs `npm run build` first.
//   node scripts/compare-related.mjs src/shared/hash.ts src/graph/view.ts
import { resolve } from 'node:path';
import { createVitest } from 'vitest/node';

const api = await import('../dist/api/index.js');
const root = resolve('.');
const files = process.argv.slice(2);
const tree = await api.analyzeWorkingTree(root);
const { contracts } = await api.loadContracts(root, tree.inference);

const base = { ref: 'HEAD', commit: 'HEAD', how: 'head', detached: false, shallow: false };
function ours(file) {
  const change = {
    path: file,
    status: 'modified',
    binary: false,
    additions: 1,
    deletions: 1,
    origins: ['unstaged'],
  };
  const changes = { base, files: [change], contractFiles: [], notes: [] };
  const impact = api.buildChangeImpactReport({ changes, graph: tree.graph, files: tree.files, contracts });
  const selection = api.buildTestSelection({ impact, files: tree.files, contracts });
  return selection.regression.tests
    .filter((test) => !test.file.startsWith('test/e2e/'))
    .map((test) => test.file);
}

async function related(file) {
  const vitest = await createVitest('test', { related: [resolve(file)], watch: false, run: true }, {}, {});
  try {
    const specs = await vitest.getRelevantTestSpecifications();
    return [...new Set(specs.map((spec) => spec.moduleId.slice(root.length + 1)))].sort();
  } finally {
    await vitest.close();
  }
}

console.log('| changed file | tests | vitest related | only tests | only vitest related |');
console.log('|---|---|---|---|---|');
for (const file of files) {
  const a = ours(file);
  const b = await related(file);
  const onlyA = a.filter((test) => !b.includes(test));
  const onlyB = b.filter((test) => !a.includes(test));
  console.log(
    `| \`${file}\` | ${a.length} | ${b.length} | ${onlyA.map((t) => `\`${t}\``).join(', ') || '—'} | ${onlyB.map((t) => `\`${t}\``).join(', ') || '—'} |`,
  );
}
