/**
 * `calculateTokenSavings()`: what an agent would read without us (every indexed text file) versus
 * with us (AGENTS.md plus a typical task pack). Counted with o200k. On large trees the repository
 * total is measured on a deterministic sample and extrapolated per language, and says so.
 */
import { readFileSync } from 'node:fs';
import type { IndexedFile } from '../index/types.js';
import { TOKENIZER_ID, type TokenCache } from '../pack/tokenizer.js';
import { absolutePath } from '../shared/path.js';
import type { FileRank } from './rank.js';

/** The default task-pack budget (tokens), used as the size of "a typical pack". */
export const TYPICAL_PACK_BUDGET = 12_000;
/**
 * Up to this many bytes of text the whole repository is counted exactly. Counting is the
 * slowest part of a cold build (1.8 s of 4.1 s on a 3.7 MB repository), and retrieve/pack build
 * on first use. Above it each file of at least 1 % of the bytes is measured on slices and about
 * 512 KiB of the rest is sampled. Against the exact count: zod (5 MB, with 320 KB Illustrator
 * files of unusual density) -0.6 %, where a plain sample was off by -28 %; date-fns (10 MB)
 * +1.2 %; the 10k-file bench tree (34 MB) -1.5 %.
 */
export const EXACT_COUNT_LIMIT_BYTES = 1024 * 1024;
const SAMPLE_BYTES = 512 * 1024;
/** Files this large a share of the bytes are measured one by one rather than left to the sample. */
const LARGE_FILE_SHARE = 0.01;
/** A large file is measured on this many evenly spaced slices of `SLICE_CHARS`. */
const SLICES = 16;
const SLICE_CHARS = 1024;

export interface TokenSavings {
  tokenizer: string;
  /** `exact`, or `sampled` when the total was extrapolated from a sample of `sampledBytes`. */
  method: 'exact' | 'sampled';
  repository: { files: number; bytes: number; tokens: number; sampledBytes?: number };
  agentsMd: { tokens: number };
  typicalPack: { tokens: number; files: number; budget: number };
  withContext: number;
  /** repository tokens / (AGENTS.md + typical pack) */
  ratio: number;
  /** Share of tokens not read: 1 - withContext / repository. */
  saved: number;
}

export interface SavingsInput {
  root: string;
  files: IndexedFile[];
  sizes: Pick<ReadonlyMap<string, number>, 'get'>;
  ranking: FileRank[];
  agentsBlock: string;
  tokens: TokenCache;
  contents?: Map<string, string>;
  /** The records of the last count in this process (`tokenSavings()`): a file whose record stands is not looked at again. */
  kept?: SavingsRecords;
}

/**
 * What the count reads of one file, kept by a long-lived process between refreshes: reused while
 * the file's hash, kind, language and size stand (its tokens are a function of its bytes), so
 * after one edit the sums below run over these records instead of looking every file up again.
 */
interface FileRecord {
  readonly hash: string;
  readonly kind: IndexedFile['kind'];
  readonly language: string;
  readonly size: number;
  /** The last 32 bits of the hash (`inSample`). */
  readonly sample: number;
  /** o200k tokens, once counted or looked up. */
  tokens?: number;
}

export type SavingsRecords = ReadonlyMap<string, FileRecord>;

interface Counted {
  file: IndexedFile;
  record: FileRecord;
}

export function calculateTokenSavings(input: SavingsInput): TokenSavings {
  return tokenSavings(input).savings;
}

/** The savings and the per-file records they were summed from (hand them back as `kept` next time). */
export function tokenSavings(input: SavingsInput): { savings: TokenSavings; records: SavingsRecords } {
  const records = new Map<string, FileRecord>();
  const countable: Counted[] = [];
  let bytes = 0;
  for (const file of input.files) {
    const record = recordOf(file, input);
    records.set(file.path, record);
    if (file.kind === 'generated') continue;
    countable.push({ file, record });
    bytes += record.size;
  }
  const read = (file: IndexedFile) =>
    input.contents?.get(file.path) ?? readFileSync(absolutePath(input.root, file.path), 'utf8');
  const repository =
    bytes <= EXACT_COUNT_LIMIT_BYTES
      ? countExact(countable, input, read)
      : countSampled(countable, input, read, bytes);
  const agentsMd = { tokens: input.tokens.count(input.agentsBlock) };
  const typicalPack = typicalPackOf(input, records, read);
  const withContext = agentsMd.tokens + typicalPack.tokens;
  const ratio = withContext > 0 ? Math.round((repository.tokens / withContext) * 10) / 10 : 0;
  const saved =
    repository.tokens > 0 ? Math.max(0, Math.round((1 - withContext / repository.tokens) * 1000) / 1000) : 0;
  const savings: TokenSavings = {
    tokenizer: TOKENIZER_ID,
    method: repository.sampledBytes === undefined ? 'exact' : 'sampled',
    repository: { files: countable.length, bytes, ...repository },
    agentsMd,
    typicalPack,
    withContext,
    ratio,
    saved,
  };
  return { savings, records };
}

function recordOf(file: IndexedFile, input: SavingsInput): FileRecord {
  const size = input.sizes.get(file.path) ?? 0;
  const kept = input.kept?.get(file.path);
  if (
    kept &&
    kept.hash === file.hash &&
    kept.kind === file.kind &&
    kept.language === file.language &&
    kept.size === size
  )
    return kept;
  return {
    hash: file.hash,
    kind: file.kind,
    language: file.language,
    size,
    sample: sampleOf(file.hash),
  };
}

function countExact(
  files: readonly Counted[],
  input: SavingsInput,
  read: (file: IndexedFile) => string,
): { tokens: number; sampledBytes?: number } {
  let tokens = 0;
  for (const counted of files) tokens += tokensOf(counted, input, read);
  return { tokens };
}

/**
 * Large files measured one by one; of the rest about one file in k, chosen by its own content hash
 * (stable across machines, and editing one file changes only whether that file is in the sample,
 * so an update counts next to nothing), with tokens per byte by language scaled up.
 */
function countSampled(
  files: readonly Counted[],
  input: SavingsInput,
  read: (file: IndexedFile) => string,
  totalBytes: number,
) {
  const whole = new Set<Counted>();
  let wholeBytes = 0;
  let wholeTokens = 0;
  let sampledBytes = 0;
  for (const counted of files) {
    const { size } = counted.record;
    if (size < totalBytes * LARGE_FILE_SHARE) continue;
    const measured = measureLargeFile(read(counted.file), input.tokens);
    whole.add(counted);
    wholeBytes += size;
    wholeTokens += measured.tokens;
    sampledBytes += measured.countedBytes;
  }
  // What the large files took comes out of the sample, down to half of it.
  const sampleBudget = Math.max(SAMPLE_BYTES / 2, SAMPLE_BYTES - sampledBytes);
  const step = Math.max(1, Math.floor((totalBytes - wholeBytes) / sampleBudget));
  const perLanguage = new Map<string, { bytes: number; tokens: number }>();
  for (const counted of files) {
    const { record } = counted;
    if (!sampledAt(record.sample, step) || whole.has(counted)) continue;
    const tokens = tokensOf(counted, input, read);
    const entry = perLanguage.get(record.language) ?? { bytes: 0, tokens: 0 };
    entry.bytes += record.size;
    entry.tokens += tokens;
    perLanguage.set(record.language, entry);
    sampledBytes += record.size;
  }
  const overall = [...perLanguage.values()].reduce(
    (sum, entry) => ({ bytes: sum.bytes + entry.bytes, tokens: sum.tokens + entry.tokens }),
    { bytes: 0, tokens: 0 },
  );
  const fallbackRate = overall.bytes > 0 ? overall.tokens / overall.bytes : 0.28;
  let tokens = wholeTokens;
  for (const counted of files) {
    if (whole.has(counted)) continue;
    const entry = perLanguage.get(counted.record.language);
    const rate = entry && entry.bytes > 0 ? entry.tokens / entry.bytes : fallbackRate;
    tokens += counted.record.size * rate;
  }
  return { tokens: Math.round(tokens), sampledBytes };
}

/**
 * Tokens of a large file: all of it counted when short, else 16 evenly spaced slices of 1 KiB
 * (each from a line start when one is near) scaled by characters, not bytes, since binary-ish
 * text decodes to more UTF-8 than it had. Files mix code, prose and data, so few long slices
 * mislead (three of 8 KiB were off by 15-36% on Illustrator files); 16 short ones stayed within 2%.
 */
function measureLargeFile(text: string, tokens: TokenCache): { tokens: number; countedBytes: number } {
  if (text.length <= 2 * SLICES * SLICE_CHARS)
    return { tokens: tokens.count(text), countedBytes: Buffer.byteLength(text) };
  let counted = 0;
  let chars = 0;
  let bytes = 0;
  for (let index = 0; index < SLICES; index++) {
    const at = Math.floor(((text.length - SLICE_CHARS) * index) / (SLICES - 1));
    const newline = at === 0 ? -1 : text.indexOf('\n', at);
    const start = newline === -1 || newline - at > SLICE_CHARS / 2 ? at : newline + 1;
    const slice = text.slice(start, start + SLICE_CHARS);
    counted += tokens.count(slice);
    chars += slice.length;
    bytes += Buffer.byteLength(slice);
  }
  return { tokens: (text.length * counted) / chars, countedBytes: bytes };
}

/** A file's o200k tokens: from its record, the cache by content hash, else counted (and cached). */
function tokensOf(
  { file, record }: Counted,
  input: SavingsInput,
  read: (file: IndexedFile) => string,
): number {
  record.tokens ??= input.tokens.get(file.hash) ?? input.tokens.count(read(file), file.hash);
  return record.tokens;
}

/** A file is sampled when the last 32 bits of its SHA-256 (hex) are a multiple of `step`. */
export function inSample(hash: string, step: number): boolean {
  return sampledAt(sampleOf(hash), step);
}

function sampleOf(hash: string): number {
  return Number.parseInt(hash.slice(-8), 16);
}

function sampledAt(sample: number, step: number): boolean {
  return !Number.isNaN(sample) && sample % step === 0;
}

/** The most central source files, whole, until the default budget is full. */
function typicalPackOf(input: SavingsInput, records: SavingsRecords, read: (file: IndexedFile) => string) {
  // The files themselves only when a token count is missing: the top of the ranking usually has them.
  let byPath: Map<string, IndexedFile> | undefined;
  const fileAt = (path: string) => {
    byPath ??= new Map(input.files.map((file) => [file.path, file]));
    return byPath.get(path)!;
  };
  let tokens = 0;
  let files = 0;
  for (const rank of input.ranking) {
    const record = records.get(rank.path);
    if (record?.kind !== 'source') continue;
    const cost = record.tokens ?? tokensOf({ file: fileAt(rank.path), record }, input, read);
    if (tokens + cost > TYPICAL_PACK_BUDGET) {
      if (files >= 3) break;
      continue;
    }
    tokens += cost;
    files++;
  }
  return { tokens, files, budget: TYPICAL_PACK_BUDGET };
}
