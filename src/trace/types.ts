/**
 * A trace: the ordered record of what happened during a task, and who said or saw it. Three
 * evidence levels: `manual` (somebody says so), `command` (the harness ran it and watched),
 * `ci` (a test report produced elsewhere, imported with its source). Validated with zod when
 * read, so a hand-edited or corrupt trace is a clear error, never silently rewritten.
 */
import { z } from 'zod';

export const TRACE_SCHEMA_VERSION = 1;

export const EvidenceLevelSchema = z.enum(['manual', 'command', 'ci']);
export type EvidenceLevel = z.infer<typeof EvidenceLevelSchema>;

export const ManualKindSchema = z.enum(['edit', 'observation', 'claim']);
export type ManualKind = z.infer<typeof ManualKindSchema>;

/** What a piece of evidence is about: the requirement types policies know. */
export const RequirementTypeSchema = z.enum(['tests', 'contracts', 'lint', 'typecheck', 'build', 'command']);
export type RequirementType = z.infer<typeof RequirementTypeSchema>;

const StreamSummarySchema = z.strictObject({
  sha256: z.string(),
  bytes: z.number().int().nonnegative(),
  /** The last lines, secrets masked. */
  tail: z.string(),
  binary: z.boolean(),
});
export type StreamSummary = z.infer<typeof StreamSummarySchema>;

const StepBase = {
  id: z.string().regex(/^step-\d{3,}$/),
  /** Deterministic id of the event: appending the same event twice is a no-op. */
  eventId: z.string(),
  at: z.string(),
  level: EvidenceLevelSchema,
  message: z.string().optional(),
  files: z.array(z.string()).default([]),
  reason: z.string().optional(),
  /** The requirements this step speaks to (`tests`, `lint`...), when it says. */
  about: z.array(RequirementTypeSchema).default([]),
  /** Working-tree hash when the step was recorded. */
  treeHash: z.string().optional(),
};

export const ManualStepSchema = z.strictObject({
  ...StepBase,
  kind: ManualKindSchema,
  level: z.literal('manual'),
});

export const CommandStepSchema = z.strictObject({
  ...StepBase,
  kind: z.literal('command'),
  level: z.literal('command'),
  command: z.array(z.string()).min(1),
  shell: z.boolean(),
  cwd: z.string(),
  exitCode: z.number().int().nullable(),
  signal: z.string().nullable(),
  timedOut: z.boolean(),
  /** Set when the command could not be started (not found, not executable). */
  spawnError: z.string().optional(),
  startedAt: z.string(),
  endedAt: z.string(),
  durationMs: z.number().nonnegative(),
  stdout: StreamSummarySchema,
  stderr: StreamSummarySchema,
  treeHashBefore: z.string(),
  treeHashAfter: z.string(),
});

export const TestCaseFailureSchema = z.strictObject({
  name: z.string(),
  suite: z.string().optional(),
  message: z.string().optional(),
});

export const TestReportSchema = z.strictObject({
  format: z.enum(['junit', 'jest-json', 'github-actions']),
  total: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  errors: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  /** The first failures, with their messages (secrets masked). */
  failures: z.array(TestCaseFailureSchema),
  /** A CI run's overall conclusion when the report has one (GitHub Actions). */
  conclusion: z.string().optional(),
});
export type TestReport = z.infer<typeof TestReportSchema>;

export const CiStepSchema = z.strictObject({
  ...StepBase,
  kind: z.literal('test-report'),
  level: z.literal('ci'),
  source: z.strictObject({ file: z.string(), sha256: z.string(), commit: z.string().optional() }),
  report: TestReportSchema,
});

export const TraceStepSchema = z.discriminatedUnion('kind', [
  ManualStepSchema.extend({ kind: z.literal('edit') }),
  ManualStepSchema.extend({ kind: z.literal('observation') }),
  ManualStepSchema.extend({ kind: z.literal('claim') }),
  CommandStepSchema,
  CiStepSchema,
]);

export type ManualStep = z.infer<typeof ManualStepSchema>;
export type CommandStep = z.infer<typeof CommandStepSchema>;
export type CiStep = z.infer<typeof CiStepSchema>;
export type TraceStep = z.infer<typeof TraceStepSchema>;

export const TraceSchema = z.strictObject({
  schemaVersion: z.number().int(),
  id: z.string(),
  task: z.string(),
  taskId: z.string().optional(),
  agent: z.strictObject({ name: z.string(), version: z.string().optional(), session: z.string().optional() }),
  createdAt: z.string(),
  /** Working-tree hash when the trace started. */
  startTreeHash: z.string(),
  steps: z.array(TraceStepSchema),
  state: z.enum(['open', 'closed']),
  final: z
    .strictObject({ at: z.string(), summary: z.string().optional(), outcome: z.string().optional() })
    .optional(),
});
export type Trace = z.infer<typeof TraceSchema>;
