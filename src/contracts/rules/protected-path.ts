/** A change touches a protected path (`safety.contract.json` `protected`) in a way its entry forbids. */
import { type ContractRule, makeFinding, touchesMatching } from './rule.js';

export const protectedPathRule: ContractRule = {
  id: 'protected-path',
  contract: 'safety',
  description: 'A change adds, edits or deletes a protected path (secrets, CI config, applied migrations).',
  needsChanges: true,
  check({ contracts, changes }) {
    return touchesMatching(contracts.safety.protected, changes, (entry, touch) =>
      entry.changes.includes(touch.action),
    ).map(({ touch, entry }) =>
      makeFinding(
        this,
        entry.severity,
        touch.path,
        undefined,
        `${touch.action} protected path ${touch.path}`,
        `${entry.comment} Revert this change, or have a person make it.`,
      ),
    );
  },
};
