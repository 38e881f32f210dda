/**
 * The offline reflector on hand-written Claude Code transcripts (test/fixtures/transcripts/):
 * sessions without steering, with each kind of steering, with served-and-ignored lessons and with
 * tempting non-lessons. Steering recall and precision are measured at the line level and must
 * stay above the floors below; the figures are printed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { offlineReflector } from '../../src/reflect/reflector.js';
import { reflectOnTranscript, type TranscriptReflectionResult } from '../../src/reflect/transcript.js';
import { transcriptTask } from '../../src/reflect/transcript-task.js';

const folder = fileURLToPath(new URL('../fixtures/transcripts/claude/', import.meta.url));
interface Label {
  steering: Array<{ line: number; kind: string }>;
  lessons: number;
  servedIgnored: string[];
  outcome: string;
  defects?: number;
  missed?: number;
}
const labels = JSON.parse(
  readFileSync(new URL('../fixtures/transcripts/labels.json', import.meta.url), 'utf8'),
) as Record<string, Label>;
const names = readdirSync(folder)
  .filter((name) => name.endsWith('.jsonl'))
  .map((name) => name.slice(0, -6))
  .sort();

async function reflectAll(): Promise<Map<string, TranscriptReflectionResult>> {
  const results = new Map<string, TranscriptReflectionResult>();
  for (const name of names)
    results.set(
      name,
      await reflectOnTranscript(`${folder}${name}.jsonl`, { reflector: offlineReflector(transcriptTask) }),
    );
  return results;
}

describe('steering detection on the transcript corpus', async () => {
  const results = await reflectAll();

  it('finds the labelled steering with high recall and precision', () => {
    let truePositives = 0;
    let falsePositives = 0;
    let falseNegatives = 0;
    let kindsRight = 0;
    const misses: string[] = [];
    for (const name of names) {
      const expected = labels[name]!.steering;
      const found = results.get(name)!.steering;
      for (const item of found) {
        const label = expected.find((candidate) => candidate.line === item.line);
        if (label) {
          truePositives += 1;
          if (label.kind === item.kind) kindsRight += 1;
          else misses.push(`${name}:${item.line} kind ${item.kind}, labelled ${label.kind}`);
        } else {
          falsePositives += 1;
          misses.push(`${name}:${item.line} false positive: ${item.quote}`);
        }
      }
      for (const label of expected)
        if (!found.some((item) => item.line === label.line)) {
          falseNegatives += 1;
          misses.push(`${name}:${label.line} missed (${label.kind})`);
        }
    }
    const recall = truePositives / (truePositives + falseNegatives);
    const precision = truePositives / (truePositives + falsePositives);
    console.log(
      `steering: ${names.length} transcripts, ${truePositives + falseNegatives} labelled; recall ${recall.toFixed(3)}, precision ${precision.toFixed(3)}, kind agreement ${kindsRight}/${truePositives}\n  ${misses.join('\n  ')}`,
    );
    expect(recall).toBeGreaterThanOrEqual(0.9);
    expect(precision).toBeGreaterThanOrEqual(0.9);
  });

  it('keeps lessons only where a lesson is due, and names served lessons that were ignored', () => {
    const wrong: string[] = [];
    for (const name of names) {
      const label = labels[name]!;
      const result = results.get(name)!;
      if (result.outcome !== label.outcome)
        wrong.push(`${name}: outcome ${result.outcome}, expected ${label.outcome}`);
      if (result.lessons.length !== label.lessons)
        wrong.push(
          `${name}: ${result.lessons.length} lessons (${result.lessons.map((l) => l.text).join(' | ')}), expected ${label.lessons}`,
        );
      expect(result.servedIgnored, name).toEqual(label.servedIgnored);
      expect(result.defects.length, name).toBe(label.defects ?? 0);
      expect(result.missedCaptures.length, name).toBe(label.missed ?? 0);
      if (result.outcome === 'nothing-to-save') expect(result.message).toBe('Nothing to save.');
    }
    console.log(
      `lessons: ${names.length - wrong.length}/${names.length} transcripts as labelled\n  ${wrong.join('\n  ')}`,
    );
    expect(wrong.length).toBeLessThanOrEqual(2);
  });
});
