/**
 * A change edits a generated path (`safety.contract.json` `generated`) instead of its source. A
 * generated file that changed together with its generator — a script that names the file — or
 * with a file that generator imports (directly or through others: the input it reads) is the
 * generator's output, committed with its cause; alone, it is a hand edit.
 */
import type { DependencyGraph } from '../../graph/types.js';
import type { ContentReader, TreeFile } from '../types.js';
import { touchesOf } from '../types.js';
import { type ContractRule, makeFinding, touchesMatching } from './rule.js';

export const generatedPathRule: ContractRule = {
  id: 'generated-path',
  contract: 'safety',
  description: 'A change edits a generated file instead of the source it is generated from.',
  needsChanges: true,
  async check({ contracts, changes, files, graph, contents }) {
    const edits = touchesMatching(
      contracts.safety.generated,
      changes,
      (_entry, touch) => touch.action !== 'deleted',
    );
    if (edits.length === 0) return [];
    const touched = new Set(touchesOf(changes?.files ?? []).map((touch) => touch.path));
    const findings = [];
    for (const { touch, entry } of edits) {
      if (await regeneratedWithItsCause(touch.path, touched, files, graph, contents)) continue;
      findings.push(
        makeFinding(
          this,
          entry.severity,
          touch.path,
          undefined,
          `${touch.action} generated file ${touch.path}`,
          `${entry.comment} If the generator produced this change, say so in the review.`,
        ),
      );
    }
    return findings;
  },
};

async function regeneratedWithItsCause(
  generated: string,
  touched: ReadonlySet<string>,
  files: readonly TreeFile[],
  graph: DependencyGraph,
  contents: ContentReader | undefined,
): Promise<boolean> {
  const others = [...touched].filter((path) => path !== generated);
  if (others.length === 0 || !contents) return false;
  const name = generated.slice(generated.lastIndexOf('/') + 1);
  const inputs = new Set<string>();
  for (const file of files) {
    if (file.kind !== 'source' || file.path === generated) continue;
    if (!((await contents.after(file.path)) ?? '').includes(name)) continue;
    for (const path of reachable(file.path, graph)) inputs.add(path);
  }
  return others.some((path) => inputs.has(path));
}

/** The file and every repository file it imports, directly or through others. */
function reachable(start: string, graph: DependencyGraph): Set<string> {
  const imports = new Map<string, string[]>();
  for (const edge of graph.edges)
    if (!edge.external) imports.set(edge.from, [...(imports.get(edge.from) ?? []), edge.to]);
  const seen = new Set([start]);
  const queue = [start];
  for (let from = queue.pop(); from !== undefined; from = queue.pop())
    for (const to of imports.get(from) ?? [])
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
  return seen;
}
