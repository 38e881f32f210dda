/**
 * The reflector scored on the labelled development sessions (../shared/bench/transcripts, 36
 * Claude Code and Codex sessions written by other people), with the corpus's own scorer, run on
 * the built CLI exactly as the benchmark runs it. The floors are the targets; the figures
 * are printed. Set OCPP_TRANSCRIPT_CORPUS to score another folder in the same layout.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CLI_BIN } from '../helpers/cli.js';

const corpus =
  process.env.OCPP_TRANSCRIPT_CORPUS ??
  fileURLToPath(new URL('../../../shared/bench/transcripts/', import.meta.url));
const scorer = join(corpus, 'score.mjs');

describe.skipIf(!existsSync(scorer))('the transcript corpus score', () => {
  it('meets the targets: steering, lessons, served-ignored, outcome, no re-capture', () => {
    const run = spawnSync(
      process.execPath,
      [scorer, '--cmd', `node ${CLI_BIN} reflect transcript {file} --json`, '--jobs', '2', '--quiet'],
      { cwd: corpus, encoding: 'utf8', timeout: 240_000 },
    );
    expect(run.status, run.stderr).toBe(0);
    const last = run.stdout.trim().split('\n').at(-1)!;
    console.log(
      run.stdout
        .split('\n')
        .filter((line) => /^(steering|lessons|served|outcome|kind)/.test(line))
        .join('\n'),
    );
    const figures = Object.fromEntries(
      [...last.matchAll(/(\w+)=([\d.]+)/g)].map((match) => [match[1]!, Number(match[2])]),
    );
    expect(figures).toMatchObject({ recaptures: 0, errors: 0 });
    expect(figures.steer_recall).toBeGreaterThanOrEqual(0.95);
    expect(figures.steer_precision).toBeGreaterThanOrEqual(0.9);
    expect(figures.lesson_recall).toBeGreaterThanOrEqual(0.9);
    expect(figures.lesson_precision).toBeGreaterThanOrEqual(0.8);
    expect(figures.outcome_acc).toBeGreaterThanOrEqual(0.95);
    expect(run.stdout).toMatch(/served-ignored: named (\d+)\/\1 correctly, 0 wrongly/);
  }, 300_000);
});
