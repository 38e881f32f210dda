/**
 * `ensureContracts()`: the build's step for contracts. Writes the files that are missing, from
 * inference; never rewrites an existing one (see `stamp.ts` for how inferred and edited differ).
 * With `refresh`, files still exactly as inferred are re-inferred; edited ones are left alone.
 */
import { readTextIfExists, writeJsonAtomic } from '../shared/fs.js';
import { parseJson } from '../shared/json.js';
import { absolutePath } from '../shared/path.js';
import { type InferenceInput, inferContracts } from './infer/index.js';
import { CONTRACT_FILES, CONTRACT_NAMES, type ContractName } from './schema.js';
import { stampInferred, stateOf } from './stamp.js';

export interface EnsureOptions {
  /** Re-infer files that are still exactly as inferred. @default false */
  refresh?: boolean;
}

export interface EnsureResult {
  /** Contract files written (repository paths). */
  written: string[];
  /** Files left alone because a person wrote or edited them. */
  kept: string[];
}

export async function ensureContracts(
  root: string,
  input: InferenceInput,
  options: EnsureOptions = {},
): Promise<EnsureResult> {
  const pending: ContractName[] = [];
  const kept: string[] = [];
  for (const name of CONTRACT_NAMES) {
    const { file } = CONTRACT_FILES[name];
    const text = await readTextIfExists(absolutePath(root, file));
    if (text === undefined) pending.push(name);
    else if (options.refresh && stateOf(parseJson(text, file)) === 'inferred') pending.push(name);
    else kept.push(file);
  }
  if (pending.length === 0) return { written: [], kept };
  const inferred = inferContracts(input);
  const written: string[] = [];
  for (const name of pending) {
    const { file } = CONTRACT_FILES[name];
    await writeJsonAtomic(
      absolutePath(root, file),
      stampInferred(inferred[name] as unknown as Record<string, unknown>),
    );
    written.push(file);
  }
  return { written, kept };
}
