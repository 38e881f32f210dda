/** An import from one layer into a layer it may not import (`architecture.contract.json`). */
import { pathMatcher } from '../test-files.js';
import { type ContractRule, makeFinding } from './rule.js';

export const architectureLayerRule: ContractRule = {
  id: 'architecture-layer',
  contract: 'architecture',
  description: 'A file imports a file of a layer its own layer may not import.',
  needsChanges: false,
  check({ contracts, graph }) {
    const layers = contracts.architecture.layers.map((layer, index) => ({
      ...layer,
      index,
      matches: pathMatcher(layer.paths),
    }));
    if (layers.length === 0) return [];
    const layerOf = (path: string) => layers.find((layer) => layer.matches(path));
    const findings = [];
    for (const edge of graph.edges) {
      if (edge.external) continue;
      const from = layerOf(edge.from);
      const to = layerOf(edge.to);
      if (!from?.mayImport || !to || from === to) continue;
      if (from.mayImport.includes(to.name) || from.mayImport.includes('*')) continue;
      const types = from.mayImportTypes ?? [];
      if (edge.typeOnly && (types.includes(to.name) || types.includes('*'))) continue;
      const allowed = from.mayImport.length > 0 ? from.mayImport.join(', ') : 'no other layer';
      findings.push(
        makeFinding(
          this,
          'forbidden',
          edge.from,
          edge.line,
          `layer "${from.name}" imports ${edge.to} of layer "${to.name}"; it may import ${allowed}`,
          `Move what both need into a layer "${from.name}" may import, or, if the design changed, add "${to.name}" to layers[${from.index}].mayImport.${from.comment ? ` Why the layer exists: ${from.comment}` : ''}`,
        ),
      );
    }
    return findings;
  },
};
