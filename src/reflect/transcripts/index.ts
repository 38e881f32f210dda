/**
 * Reading any agent's transcript into one shape. The format is recognised from the first lines
 * (a plain map of readers, one file each); the file is streamed, never loaded whole, and what is
 * kept is bounded: every user message, and the most recent agent activity. Bad input is a clear
 * error naming the file: missing, empty, or in no format we know.
 */
import { promises as fsp } from 'node:fs';
import { parseTree } from 'jsonc-parser';
import { inputError } from '../../shared/errors.js';
import { parseJsonLine } from '../../shared/json.js';
import { claudeReader } from './claude.js';
import { codexReader } from './codex.js';
import { readLines } from './lines.js';
import { openclawReader } from './openclaw.js';
import { isOpencodeExport, opencodeReader, readOpencodeExport } from './opencode.js';
import type {
  LineFacts,
  ServedLessonMention,
  Transcript,
  TranscriptEntry,
  TranscriptFormat,
  TranscriptReader,
  TranscriptStats,
} from './types.js';

export * from './types.js';

export const transcriptReaders: Record<TranscriptFormat, TranscriptReader> = {
  claude: claudeReader,
  codex: codexReader,
  opencode: opencodeReader,
  openclaw: openclawReader,
};

export interface ReadTranscriptOptions {
  /** Expected format; a file in another format is an error. @default detected */
  format?: TranscriptFormat;
  /** Agent entries kept besides user messages; older ones are dropped on huge files. @default 20000 */
  maxEntries?: number;
  /** Lines longer than this are skipped without being held. @default 8 MiB */
  maxLineBytes?: number;
}

const DETECT_LINES = 50;
const MAX_UNRECOGNISED_LINES = 5000;
const MAX_EXPORT_BYTES = 64 * 1024 * 1024;
const SERVED = /\[lesson (L-\d{4,})\] ([^"\\\n]{3,400})/g;

export async function readTranscript(file: string, options: ReadTranscriptOptions = {}): Promise<Transcript> {
  const size = await sizeOf(file);
  if (size === 0) throw inputError('the transcript is empty', { file });
  const builder = new TranscriptBuilder(file, options.maxEntries ?? 20_000);
  const waiting: Array<{ line: number; value: Record<string, unknown> }> = [];
  let reader: TranscriptReader | undefined;
  let firstText: string | null | undefined;
  for await (const raw of readLines(file, options.maxLineBytes)) {
    builder.stats.lines = raw.line;
    if (firstText === undefined && raw.text?.trim()) firstText = raw.text;
    if (raw.text === null) {
      builder.stats.oversized += 1;
      continue;
    }
    // Nothing recognisable early on: stop reading (a huge file in another format costs little).
    if (!reader && raw.line > MAX_UNRECOGNISED_LINES) break;
    builder.scanServed(raw.text, raw.line);
    const value = parseJsonLine(raw.text);
    if (value === undefined) {
      if (raw.text.trim()) builder.stats.malformed += 1;
      continue;
    }
    if (!reader) {
      reader = detect(value, options.format, file);
      if (!reader) {
        waiting.push({ line: raw.line, value });
        if (waiting.length < DETECT_LINES) continue;
        break;
      }
      for (const early of waiting.splice(0)) builder.add(reader.read(early.value, early.line));
    }
    builder.add(reader.read(value, raw.line));
  }
  if (reader) return builder.finish(reader.format);
  if (firstText?.trim() === '{') return readExport(file, size, options.format);
  throw unknownFormat(file, options.format);
}

function detect(
  value: Record<string, unknown>,
  expected: TranscriptFormat | undefined,
  file: string,
): TranscriptReader | undefined {
  const found = Object.values(transcriptReaders).find((reader) => reader.detect(value));
  if (found && expected && found.format !== expected)
    throw inputError(`this looks like a ${found.format} transcript, not ${expected}`, {
      file,
      hint: `drop --format to read it as ${found.format}`,
    });
  return found;
}

function unknownFormat(file: string, expected: TranscriptFormat | undefined): Error {
  return inputError(
    expected
      ? `not a ${expected} transcript: none of the first ${DETECT_LINES} JSON lines has its shape`
      : 'not a transcript in a format we read (claude, codex, opencode, openclaw)',
    {
      file,
      hint: "expected JSON lines such as Claude Code's ~/.claude/projects/<dir>/<session>.jsonl, a Codex rollout or `codex exec --json` output, `opencode run --format json` output or an `opencode export`, or an OpenClaw session log",
    },
  );
}

async function sizeOf(file: string): Promise<number> {
  let stat: Awaited<ReturnType<typeof fsp.stat>>;
  try {
    stat = await fsp.stat(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw inputError(code === 'ENOENT' ? 'no such transcript' : `cannot read the transcript: ${code}`, {
      file,
    });
  }
  if (!stat.isFile()) throw inputError('not a file', { file });
  return stat.size;
}

/** An `opencode export` document: pretty-printed JSON, read whole (it is bounded), lines from offsets. */
async function readExport(
  file: string,
  size: number,
  expected: TranscriptFormat | undefined,
): Promise<Transcript> {
  if (expected && expected !== 'opencode') throw unknownFormat(file, expected);
  if (size > MAX_EXPORT_BYTES)
    throw inputError(`a JSON document of ${size} bytes is too large to read whole`, { file });
  const text = await fsp.readFile(file, 'utf8');
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw inputError(`not JSON: ${(error as Error).message}`, { file });
  }
  if (!isOpencodeExport(value)) throw unknownFormat(file, expected);
  const lineAt = lineIndex(text);
  const tree = parseTree(text);
  const messages = tree?.children?.find((property) => property.children?.[0]?.value === 'messages')
    ?.children?.[1];
  const lineOfPart = (messageIndex: number, partIndex: number) => {
    const message = messages?.children?.[messageIndex];
    const parts = message?.children?.find((property) => property.children?.[0]?.value === 'parts')
      ?.children?.[1];
    return lineAt(parts?.children?.[partIndex]?.offset ?? message?.offset ?? 0);
  };
  const builder = new TranscriptBuilder(file, Number.MAX_SAFE_INTEGER);
  builder.stats.lines = lineAt(text.length);
  text.split('\n').forEach((line, index) => {
    builder.scanServed(line, index + 1);
  });
  builder.add(readOpencodeExport(value, lineOfPart));
  return builder.finish('opencode');
}

function lineIndex(text: string): (offset: number) => number {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
  return (offset) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return low + 1;
  };
}

class TranscriptBuilder {
  readonly stats: TranscriptStats = { lines: 0, skipped: 0, malformed: 0, oversized: 0, dropped: 0 };
  private entries: TranscriptEntry[] = [];
  private readonly served = new Map<string, ServedLessonMention>();
  private sessionId: string | null = null;
  private cwd: string | null = null;

  constructor(
    private readonly file: string,
    private readonly maxEntries: number,
  ) {}

  scanServed(text: string, line: number): void {
    if (!text.includes('[lesson L-')) return;
    for (const match of text.matchAll(SERVED)) {
      if (!this.served.has(match[1]!))
        this.served.set(match[1]!, { id: match[1]!, text: match[2]!.trim(), line });
    }
  }

  add(facts: LineFacts): void {
    this.sessionId ??= facts.sessionId ?? null;
    this.cwd ??= facts.cwd ?? null;
    if (!facts.entries || facts.entries.length === 0) {
      this.stats.skipped += 1;
      return;
    }
    this.entries.push(...facts.entries);
    if (this.entries.length > this.maxEntries * 2) this.compact();
  }

  /** Drops the oldest agent activity; user messages stay (steering is found in them). */
  private compact(): void {
    const keepFrom = this.entries.length - this.maxEntries;
    const kept = this.entries.filter(
      (entry, index) => index >= keepFrom || (entry.role === 'user' && !entry.meta),
    );
    this.stats.dropped += this.entries.length - kept.length;
    this.entries = kept;
  }

  finish(format: TranscriptFormat): Transcript {
    return {
      format,
      file: this.file,
      sessionId: this.sessionId,
      cwd: this.cwd,
      entries: this.entries,
      servedLessons: [...this.served.values()].sort((a, b) => a.line - b.line),
      stats: this.stats,
    };
  }
}
