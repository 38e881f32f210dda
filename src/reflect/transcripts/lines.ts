/**
 * Reading a transcript line by line without ever holding the file: chunks are split on newlines
 * as they arrive, and a line longer than `maxLineBytes` is dropped as it streams past (a 500 MB
 * file with no newline costs one buffer, not 500 MB). A last line without its newline is still
 * yielded: a transcript being written may end mid-line, and the parser decides what it is worth.
 */
import { createReadStream } from 'node:fs';

export interface RawLine {
  /** 1-based. */
  line: number;
  /** The line's text; `null` when it was longer than the limit and dropped. */
  text: string | null;
}

export async function* readLines(file: string, maxLineBytes = 8 * 1024 * 1024): AsyncGenerator<RawLine> {
  const stream = createReadStream(file, { highWaterMark: 1024 * 1024 });
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let oversized = false;
  let line = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    let start = 0;
    for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, start)) {
      line += 1;
      yield finish(chunk.subarray(start, at));
      start = at + 1;
    }
    keep(chunk.subarray(start));
  }
  if (pendingBytes > 0 || oversized) {
    line += 1;
    yield finish(Buffer.alloc(0));
  }

  function keep(part: Buffer): void {
    if (oversized || part.length === 0) return;
    if (pendingBytes + part.length > maxLineBytes) {
      oversized = true;
      pending = [];
      pendingBytes = 0;
      return;
    }
    pending.push(Buffer.from(part));
    pendingBytes += part.length;
  }

  function finish(tail: Buffer): RawLine {
    const dropped = oversized || pendingBytes + tail.length > maxLineBytes;
    const text = dropped ? null : Buffer.concat([...pending, tail]).toString('utf8');
    pending = [];
    pendingBytes = 0;
    oversized = false;
    return { line, text };
  }
}
