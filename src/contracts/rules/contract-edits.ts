/** The change edits or deletes a contract: a weakened rule silences its own findings. */
import { type ContractRule, makeFinding } from './rule.js';

export const contractEditsRule: ContractRule = {
  id: 'contract-edits',
  contract: 'safety',
  description: 'A contract file was edited or deleted in the same change.',
  needsChanges: true,
  check({ changes }) {
    return (changes?.contractFiles ?? [])
      .filter((change) => change.status !== 'added')
      .map((change) =>
        makeFinding(
          this,
          'risk',
          change.path,
          undefined,
          `${change.path} is ${change.status} in this change`,
          'A person should review contract changes: an edited rule can hide the very finding it exists for.',
        ),
      );
  },
};
