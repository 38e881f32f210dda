/** A change touches a protected path (`safety.contract.json` `protected`) in a way its entry forbids. */
import { pathMatcher } from '../test-files.js';
import { touchesOf } from '../types.js';
import { type ContractRule, makeFinding } from './rule.js';

export const protectedPathRule: ContractRule = {
  id: 'protected-path',
  contract: 'safety',
  description: 'A change adds, edits or deletes a protected path (secrets, CI config, applied migrations).',
  needsChanges: true,
  check({ contracts, changes }) {
    const entries = contracts.safety.protected.map((entry) => ({
      ...entry,
      matches: pathMatcher(entry.paths, entry.except),
    }));
    const findings = [];
    for (const touch of touchesOf(changes?.files ?? [])) {
      const entry = entries.find(
        (candidate) => candidate.matches(touch.path) && candidate.changes.includes(touch.action),
      );
      if (!entry) continue;
      findings.push(
        makeFinding(
          this,
          entry.severity,
          touch.path,
          undefined,
          `${touch.action} protected path ${touch.path}`,
          `${entry.comment} Revert this change, or have a person make it.`,
        ),
      );
    }
    return findings;
  },
};
