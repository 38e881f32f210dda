/**
 * `mock`: a scripted executor for demos and tests. Its script (JSON, `--script <file>`) says, per
 * iteration, which files to write or delete in the sandbox and which events to report; the last
 * entry repeats when the run has more iterations than the script.
 *   { "schemaVersion": 1, "iterations": [ { "write": { "src/a.js": "…" }, "delete": [], "message": "…" } ] }
 */
import { promises as fsp } from 'node:fs';
import { z } from 'zod';
import { inputError, usageError } from '../../shared/errors.js';
import { readTextIfExists, writeFileAtomic } from '../../shared/fs.js';
import { absolutePath, isInside, resolveAbsolute } from '../../shared/path.js';
import { parseJsonAs } from '../../shared/schema-error.js';
import type { AgentEvent } from './events.js';
import type { InProcessExecutor, InProcessRun, PlaceholderValues } from './types.js';

const StepSchema = z.strictObject({
  write: z.record(z.string(), z.string()).default({}),
  delete: z.array(z.string()).default([]),
  message: z.string().optional(),
  error: z.string().optional(),
  exitCode: z.number().int().default(0),
});

const ScriptSchema = z.strictObject({
  schemaVersion: z.literal(1),
  iterations: z.array(StepSchema).min(1),
});

export type MockScript = z.infer<typeof ScriptSchema>;

export const mockExecutor: InProcessExecutor = {
  kind: 'in-process',
  name: 'mock',
  summary: 'a scripted executor for demos and tests (--script <file>)',
  async run(values, settings, iteration) {
    if (!settings.script)
      throw usageError('the mock executor needs --script <file>', 'see docs/orchestrate.md');
    const script = await readMockScript(settings.script);
    const step = script.iterations[Math.min(iteration, script.iterations.length) - 1]!;
    return applyStep(values, step);
  },
};

export async function readMockScript(file: string): Promise<MockScript> {
  const text = await readTextIfExists(resolveAbsolute(file));
  if (text === undefined)
    throw inputError(`cannot read the mock script ${file}`, { file, hint: 'pass an existing JSON file' });
  return parseJsonAs(ScriptSchema, text, file, 'see docs/orchestrate.md for the mock script format');
}

async function applyStep(
  values: PlaceholderValues,
  step: MockScript['iterations'][number],
): Promise<InProcessRun> {
  const events: AgentEvent[] = [];
  for (const [path, content] of Object.entries(step.write).sort(([a], [b]) => a.localeCompare(b))) {
    await writeFileAtomic(insideSandbox(values.repo, path), content);
    events.push({ type: 'tool-call', tool: 'write', input: { path }, output: 'ok' });
    events.push({ type: 'file-edit', path, change: 'update' });
  }
  for (const path of [...step.delete].sort()) {
    await fsp.rm(insideSandbox(values.repo, path), { force: true });
    events.push({ type: 'file-edit', path, change: 'delete' });
  }
  if (step.error) events.push({ type: 'error', message: step.error });
  events.push({ type: 'message', text: step.message ?? `mock: ${events.length} event(s)` });
  return { events, exitCode: step.exitCode };
}

function insideSandbox(repo: string, path: string): string {
  const target = absolutePath(repo, path);
  if (!isInside(repo, target)) throw inputError(`the mock script writes outside the sandbox: ${path}`);
  return target;
}
