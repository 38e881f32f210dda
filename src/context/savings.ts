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
  sizes: Map<string, number>;
  ranking: FileRank[];
  agentsBlock: string;
  tokens: TokenCache;
  contents?: Map<string, string>;
}

export function calculateTokenSavings(input: SavingsInput): TokenSavings {
  const countable = input.files.filter((file) => file.kind !== 'generated');
  const bytes = countable.reduce((sum, file) => sum + (input.sizes.get(file.path) ?? 0), 0);
  const read = (file: IndexedFile) =>
    input.contents?.get(file.path) ?? readFileSync(absolutePath(input.root, file.path), 'utf8');
  const repository =
    bytes <= EXACT_COUNT_LIMIT_BYTES
      ? countExact(countable, input, read)
      : countSampled(countable, input, read, bytes);
  const agentsMd = { tokens: input.tokens.count(input.agentsBlock) };
  const typicalPack = typicalPackOf(input, read);
  const withContext = agentsMd.tokens + typicalPack.tokens;
  const ratio = withContext > 0 ? Math.round((repository.tokens / withContext) * 10) / 10 : 0;
  const saved =
    repository.tokens > 0 ? Math.max(0, Math.round((1 - withContext / repository.tokens) * 1000) / 1000) : 0;
  return {
    tokenizer: TOKENIZER_ID,
    method: repository.sampledBytes === undefined ? 'exact' : 'sampled',
    repository: { files: countable.length, bytes, ...repository },
    agentsMd,
    typicalPack,
    withContext,
    ratio,
    saved,
  };
}

function countExact(
  files: IndexedFile[],
  input: SavingsInput,
  read: (file: IndexedFile) => string,
): { tokens: number; sampledBytes?: number } {
  let tokens = 0;
  for (const file of files) tokens += tokensOf(file, input, read);
  return { tokens };
}

/**
 * Large files measured one by one; of the rest about one file in k, chosen by its own content hash
 * (stable across machines, and editing one file changes only whether that file is in the sample,
 * so an update counts next to nothing), with tokens per byte by language scaled up.
 */
function countSampled(
  files: IndexedFile[],
  input: SavingsInput,
  read: (file: IndexedFile) => string,
  totalBytes: number,
) {
  const sizeOf = (file: IndexedFile) => input.sizes.get(file.path) ?? 0;
  const whole = new Set<IndexedFile>();
  let wholeBytes = 0;
  let wholeTokens = 0;
  let sampledBytes = 0;
  for (const file of files) {
    const size = sizeOf(file);
    if (size < totalBytes * LARGE_FILE_SHARE) continue;
    const measured = measureLargeFile(read(file), input.tokens);
    whole.add(file);
    wholeBytes += size;
    wholeTokens += measured.tokens;
    sampledBytes += measured.countedBytes;
  }
  // What the large files took comes out of the sample, down to half of it.
  const sampleBudget = Math.max(SAMPLE_BYTES / 2, SAMPLE_BYTES - sampledBytes);
  const step = Math.max(1, Math.floor((totalBytes - wholeBytes) / sampleBudget));
  const perLanguage = new Map<string, { bytes: number; tokens: number }>();
  for (const file of files) {
    if (whole.has(file) || !inSample(file.hash, step)) continue;
    const size = sizeOf(file);
    const tokens = tokensOf(file, input, read);
    const entry = perLanguage.get(file.language) ?? { bytes: 0, tokens: 0 };
    entry.bytes += size;
    entry.tokens += tokens;
    perLanguage.set(file.language, entry);
    sampledBytes += size;
  }
  const overall = [...perLanguage.values()].reduce(
    (sum, entry) => ({ bytes: sum.bytes + entry.bytes, tokens: sum.tokens + entry.tokens }),
    { bytes: 0, tokens: 0 },
  );
  const fallbackRate = overall.bytes > 0 ? overall.tokens / overall.bytes : 0.28;
  let tokens = wholeTokens;
  for (const file of files) {
    if (whole.has(file)) continue;
    const entry = perLanguage.get(file.language);
    const rate = entry && entry.bytes > 0 ? entry.tokens / entry.bytes : fallbackRate;
    tokens += sizeOf(file) * rate;
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

/** A file's o200k tokens: from the cache by content hash, else counted (and cached). */
function tokensOf(file: IndexedFile, input: SavingsInput, read: (file: IndexedFile) => string): number {
  return input.tokens.get(file.hash) ?? input.tokens.count(read(file), file.hash);
}

/** A file is sampled when the last 32 bits of its SHA-256 (hex) are a multiple of `step`. */
export function inSample(hash: string, step: number): boolean {
  const value = Number.parseInt(hash.slice(-8), 16);
  return Number.isNaN(value) ? false : value % step === 0;
}

/** The most central source files, whole, until the default budget is full. */
function typicalPackOf(input: SavingsInput, read: (file: IndexedFile) => string) {
  const byPath = new Map(input.files.map((file) => [file.path, file]));
  let tokens = 0;
  let files = 0;
  for (const rank of input.ranking) {
    const file = byPath.get(rank.path);
    if (file?.kind !== 'source') continue;
    const cost = tokensOf(file, input, read);
    if (tokens + cost > TYPICAL_PACK_BUDGET) {
      if (files >= 3) break;
      continue;
    }
    tokens += cost;
    files++;
  }
  return { tokens, files, budget: TYPICAL_PACK_BUDGET };
}
