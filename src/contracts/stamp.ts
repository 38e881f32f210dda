/**
 * How inferred and edited contracts are kept apart. Inference writes an `inferred` stamp holding
 * the hash of everything else in the file. While the content still hashes to the stamp, the file
 * is exactly as inferred; any edit (a value, a rule added or removed) breaks the match and the file
 * counts as edited. A file without a stamp was written by a person. Whitespace and key order do not
 * count: the hash is over the parsed value in stable JSON.
 *
 * Builds only ever write missing contract files. `refresh` (an explicit request) re-infers the
 * files that are still exactly as inferred; edited and hand-written files are never rewritten.
 */
import { hashValue } from '../shared/hash.js';
import { TOOL_NAME, toolVersion } from '../shared/version.js';

export type ContractState = 'missing' | 'inferred' | 'edited' | 'authored';

const NOTE =
  'Inferred from the repository. Edit freely: once the content differs from this hash the file counts as edited and is never rewritten.';

/** Adds the stamp to an inferred contract (replacing any stamp it had). */
export function stampInferred<T extends Record<string, unknown>>(contract: T): T & { inferred: unknown } {
  const { inferred: _old, ...body } = contract;
  return {
    ...body,
    inferred: { by: `${TOOL_NAME}@${toolVersion()}`, hash: hashValue(body), note: NOTE },
  } as T & { inferred: unknown };
}

/** The state of a parsed contract file (raw JSON value, before schema defaults are applied). */
export function stateOf(value: unknown): Exclude<ContractState, 'missing'> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return 'authored';
  const { inferred, ...body } = value as Record<string, unknown>;
  if (!inferred || typeof inferred !== 'object') return 'authored';
  return (inferred as { hash?: unknown }).hash === hashValue(body) ? 'inferred' : 'edited';
}
