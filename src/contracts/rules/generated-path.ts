/** A change edits a generated path (`safety.contract.json` `generated`) instead of its source. */
import { type ContractRule, makeFinding, touchesMatching } from './rule.js';

export const generatedPathRule: ContractRule = {
  id: 'generated-path',
  contract: 'safety',
  description: 'A change edits a generated file instead of the source it is generated from.',
  needsChanges: true,
  check({ contracts, changes }) {
    return touchesMatching(
      contracts.safety.generated,
      changes,
      (_entry, touch) => touch.action !== 'deleted',
    ).map(({ touch, entry }) =>
      makeFinding(
        this,
        entry.severity,
        touch.path,
        undefined,
        `${touch.action} generated file ${touch.path}`,
        `${entry.comment} If the generator produced this change, say so in the review.`,
      ),
    );
  },
};
