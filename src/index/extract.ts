/** One file's facts from its text: the unit of work the main thread and the workers share. */
import { boundedFacts } from './bounded-facts.js';
import { adapterFor } from './languages/registry.js';
import type { FileFacts } from './types.js';

export interface ExtractJob {
  path: string;
  language: string;
  text: string;
  invalidUtf8?: boolean;
}

export function extractFacts(job: ExtractJob): FileFacts {
  const adapter = adapterFor(job.language);
  const facts = adapter.extract({ path: job.path, text: job.text });
  if (job.invalidUtf8) {
    if (facts.confidence === 'parsed') facts.confidence = 'partial';
    facts.diagnostics.unshift({
      line: 1,
      message: 'the file is not valid UTF-8; indexed from a lossy decoding',
    });
  }
  return boundedFacts(facts);
}

export function extractorOf(language: string): string {
  const adapter = adapterFor(language);
  return `${adapter.id}@${adapter.version}`;
}
