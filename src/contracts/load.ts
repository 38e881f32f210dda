/**
 * Reads the contract files. A missing file is replaced by its inferred version in memory (and
 * reported as `missing`); a malformed one is an error naming the file, the key and the line.
 */
import { OcppError } from '../shared/errors.js';
import { readTextIfExists } from '../shared/fs.js';
import { parseJson } from '../shared/json.js';
import { absolutePath } from '../shared/path.js';
import { schemaIssueError } from '../shared/schema-error.js';
import { type InferenceInput, inferContracts } from './infer/index.js';
import {
  CONTRACT_FILES,
  CONTRACT_NAMES,
  CONTRACT_SCHEMA_VERSION,
  type ContractName,
  type ContractSet,
} from './schema.js';
import { type ContractState, stateOf } from './stamp.js';

export interface ContractFileState {
  name: ContractName;
  file: string;
  state: ContractState;
}

export interface LoadedContracts {
  contracts: ContractSet;
  files: ContractFileState[];
}

/** Raw JSON of each contract file present (validated), by name. */
export async function readContractFiles(
  root: string,
): Promise<{ values: Partial<ContractSet>; files: ContractFileState[] }> {
  const values: Partial<Record<ContractName, unknown>> = {};
  const files: ContractFileState[] = [];
  for (const name of CONTRACT_NAMES) {
    const { file } = CONTRACT_FILES[name];
    const text = await readTextIfExists(absolutePath(root, file));
    if (text === undefined) {
      files.push({ name, file, state: 'missing' });
      continue;
    }
    const raw = parseJson(text, file);
    values[name] = parseContract(name, raw, text);
    files.push({ name, file, state: stateOf(raw) });
  }
  return { values: values as Partial<ContractSet>, files };
}

/** Validates one contract's parsed JSON; errors name the file and key (exit 2). */
export function parseContract<Name extends ContractName>(
  name: Name,
  raw: unknown,
  text?: string,
): ContractSet[Name] {
  const { file, schema } = CONTRACT_FILES[name];
  const version = (raw as { schemaVersion?: unknown } | null)?.schemaVersion;
  if (typeof version === 'number' && version > CONTRACT_SCHEMA_VERSION) {
    throw new OcppError(
      'STATE_VERSION',
      `schemaVersion ${version} is newer than this tool understands (${CONTRACT_SCHEMA_VERSION})`,
      { file, key: 'schemaVersion', hint: 'upgrade opencode-plusplus; nothing was overwritten' },
    );
  }
  const result = schema.safeParse(raw);
  if (result.success) return result.data as ContractSet[Name];
  throw schemaIssueError(result.error, {
    file,
    ...(text === undefined ? {} : { text }),
    code: 'INPUT_INVALID',
    hint: `fix the key by hand (see docs/contracts.md), or delete ${file} so that the next build infers it again`,
  });
}

/**
 * The contracts in force: each file as written, or (when missing) as inference would write it.
 * `files` says which is which.
 */
export async function loadContracts(root: string, inference: InferenceInput): Promise<LoadedContracts> {
  const { values, files } = await readContractFiles(root);
  const inferred = files.some((file) => file.state === 'missing') ? inferContracts(inference) : undefined;
  const contracts = {} as Record<ContractName, unknown>;
  for (const name of CONTRACT_NAMES) contracts[name] = values[name] ?? parseContract(name, inferred![name]);
  return { contracts: contracts as ContractSet, files };
}
