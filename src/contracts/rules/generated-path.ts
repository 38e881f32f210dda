/** A change edits a generated path (`safety.contract.json` `generated`) instead of its source. */
import { pathMatcher } from '../test-files.js';
import { touchesOf } from '../types.js';
import { type ContractRule, makeFinding } from './rule.js';

export const generatedPathRule: ContractRule = {
  id: 'generated-path',
  contract: 'safety',
  description: 'A change edits a generated file instead of the source it is generated from.',
  needsChanges: true,
  check({ contracts, changes }) {
    const entries = contracts.safety.generated.map((entry) => ({
      ...entry,
      matches: pathMatcher(entry.paths, entry.except),
    }));
    const findings = [];
    for (const touch of touchesOf(changes?.files ?? [])) {
      if (touch.action === 'deleted') continue;
      const entry = entries.find((candidate) => candidate.matches(touch.path));
      if (!entry) continue;
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
