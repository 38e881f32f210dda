/** Imports a `module-boundaries.json` rule forbids, import cycles, orphans, imports outside `allowed`. */
import type { ContractFinding } from '../types.js';
import { type ContractRule, makeFinding } from './rule.js';

export const moduleBoundaryRule: ContractRule = {
  id: 'module-boundary',
  contract: 'boundaries',
  description: 'An import (or a file) breaks a rule of module-boundaries.json.',
  needsChanges: false,
  check({ contracts, files, graph, matcher }) {
    const findings: ContractFinding[] = [];
    const resolvable = new Set(
      graph.edges.filter((edge) => !edge.external).map((edge) => edge.from.slice(edge.from.lastIndexOf('.'))),
    );
    const codeFiles = new Set(
      files
        .filter(
          (file) => file.kind === 'source' && resolvable.has(file.path.slice(file.path.lastIndexOf('.'))),
        )
        .map((file) => file.path),
    );
    for (const rule of contracts.boundaries.forbidden) {
      const id = { id: `${this.id}/${rule.name}`, contract: this.contract };
      const why = `Why: ${rule.comment}`;
      if (rule.from.orphan) {
        for (const file of matcher.orphans(rule.from, codeFiles))
          findings.push(
            makeFinding(
              id,
              rule.severity,
              file,
              undefined,
              `${file} imports nothing and nothing imports it`,
              `${why} Import it where it is used, delete it if it is dead, or exclude it in from.pathNot.`,
            ),
          );
        continue;
      }
      for (const { edge, cycle } of matcher.edgesMatching(rule)) {
        const message = cycle
          ? `import cycle: ${cycle.join(' -> ')}`
          : `${edge.from} imports ${edge.to} ("${edge.specifier}"), which "${rule.name}" forbids`;
        const fix = cycle
          ? `${why} Break the cycle: move what both sides need into a module both import, or invert one import.`
          : `${why} Remove or invert the import, or change the rule in module-boundaries.json if the design changed.`;
        findings.push(makeFinding(id, rule.severity, edge.from, edge.line, message, fix));
      }
    }
    const outside = { id: `${this.id}/not-in-allowed`, contract: this.contract };
    for (const edge of matcher.edgesOutsideAllowed(contracts.boundaries))
      findings.push(
        makeFinding(
          outside,
          contracts.boundaries.allowedSeverity,
          edge.from,
          edge.line,
          `${edge.from} imports ${edge.to}, which no "allowed" rule permits`,
          'Add an allowed rule (with a comment saying why) or remove the import.',
        ),
      );
    return findings;
  },
};
