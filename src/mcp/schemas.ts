/**
 * The result schemas of the tools: the top-level shape of what each library call returns (and
 * `--json` prints). Loose objects: they pin the fields a client may rely on and let the rest
 * through, so a new field in a report never breaks a tool. The server checks every result
 * against its schema before it answers.
 */
import { z } from 'zod';
import { EVIDENCE_POLICIES, FAIL_ON_LEVELS, TraceSchema, TraceStepSchema } from '../api/vocabulary.js';

/** `fresh`, `stale`, `missing` or `inconsistent` (the list lives in context/freshness). */
const verdict = z.string();
/** A zod enum over one of the library's vocabularies. */
export function oneOf<T extends string>(values: readonly T[]) {
  return z.enum(values as readonly [T, ...T[]]);
}

const failOn = oneOf(FAIL_ON_LEVELS);
const findings = z.array(z.looseObject({ severity: z.string() }));
const paths = z.array(z.string());
const notes = z.array(z.string());

export const buildOutput = z.looseObject({
  root: z.string(),
  /** `cold`, `incremental` or `reused`. */
  mode: z.string(),
  reason: z.string(),
  outputs: z.array(z.looseObject({ path: z.string() })),
  stats: z.looseObject({ durationMs: z.number(), files: z.number() }),
  manifest: z.looseObject({ sourceHash: z.string(), outputsHash: z.string() }),
});

export const freshnessOutput = z.looseObject({
  root: z.string(),
  verdict,
  components: z.array(z.looseObject({ component: z.string(), verdict, reason: z.string() })),
  changes: z.looseObject({}),
  command: z.string().optional(),
  hashedFiles: z.number(),
});

export const statusOutput = z.looseObject({
  root: z.string(),
  built: z.boolean(),
  builtAt: z.string().optional(),
  freshness: verdict,
  problems: z.array(z.looseObject({ component: z.string() })),
  command: z.string().optional(),
});

export const explainOutput = z.looseObject({
  file: z.looseObject({ path: z.string() }),
  imports: z.array(z.looseObject({ to: z.string() })),
  importedBy: z.array(z.looseObject({ from: z.string() })),
  refreshed: z.boolean(),
});

const rankedFile = z.looseObject({ path: z.string(), score: z.number(), reasons: paths, tokens: z.number() });

export const retrieveOutput = z.looseObject({
  task: z.string(),
  files: z.array(rankedFile),
  tests: z.array(z.looseObject({ path: z.string() })),
  usedTokens: z.number(),
});

export const packOutput = retrieveOutput.extend({
  files: z.array(rankedFile.extend({ content: z.string() })),
  budget: z.number(),
  omitted: paths,
  notes,
  lessons: z.array(z.looseObject({ id: z.string() })),
});

export const planOutput = z.looseObject({
  taskId: z.string(),
  task: z.string(),
  files: z.array(z.looseObject({ path: z.string() })),
  tests: z.array(z.looseObject({ path: z.string() })),
  editBoundary: z.looseObject({}),
  commands: z.array(z.looseObject({})),
});

const impactShape = {
  base: z.looseObject({}),
  changed: z.array(z.looseObject({ path: z.string() })),
  affected: z.array(z.looseObject({ file: z.string(), depth: z.number(), path: paths })),
  risk: z.looseObject({ level: z.string() }),
  notes,
};

export const impactOutput = z.looseObject(impactShape);

export const testsOutput = z.looseObject({
  minimal: z.looseObject({ commands: z.array(z.looseObject({})) }),
  regression: z.looseObject({ commands: z.array(z.looseObject({})) }),
  full: z.looseObject({ commands: z.array(z.looseObject({})) }),
  notes,
});

export const verifyOutput = z.looseObject({
  verdict: z.enum(['pass', 'fail']),
  impact: impactOutput,
  tests: testsOutput,
  written: paths,
});

export const contractsOutput = z.looseObject({
  findings,
  counts: z.record(z.string(), z.number()),
  contracts: z.array(z.looseObject({})),
  notes,
});

export const policyOutput = z.looseObject({
  evidencePolicy: oneOf(EVIDENCE_POLICIES),
  failOn,
  passed: z.boolean(),
  counts: z.record(z.string(), z.number()),
  findings,
  requirements: z.array(z.looseObject({})),
});

export const loopOutput = z.looseObject({
  phase: z.string(),
  task: z.string(),
  next: z.looseObject({ action: z.string(), reason: z.string() }),
  decisions: z.array(z.looseObject({ action: z.string() })),
  blocked: z.boolean(),
  written: z.boolean(),
});

export const traceOutput = TraceSchema;

export const appendOutput = z.looseObject({
  traceId: z.string(),
  step: TraceStepSchema,
  appended: z.boolean(),
});

export const guardOutput = z.looseObject({
  guard: z.string(),
  findings,
  checked: z.record(z.string(), z.number()),
});

export const regressionOutput = guardOutput.extend({ matches: z.array(z.looseObject({})) });

export const reflectOutput = z.looseObject({
  workload: z.string(),
  diff: z.looseObject({ expected_not_produced: paths, produced_not_expected: paths }),
  reflector: z.string(),
});

const lessonView = z.looseObject({ id: z.string(), text: z.string() });

export const memorySearchOutput = z.looseObject({
  query: z.string(),
  paths,
  lessons: z.array(z.looseObject({ id: z.string() })),
});

export const memoryItemOutput = z.looseObject({
  type: z.enum(['lesson', 'proposal']),
  lesson: lessonView.optional(),
  proposal: z.looseObject({ id: z.string() }).optional(),
});

export const memoryAddOutput = memoryItemOutput.extend({ status: z.enum(['added', 'duplicate']).optional() });

export const orchestrateStartOutput = z.looseObject({
  runId: z.string(),
  state: z.string(),
  log: z.string(),
  pid: z.number(),
});

export const orchestrateStatusOutput = z.looseObject({
  runId: z.string(),
  phase: z.string(),
  iteration: z.number(),
  completed: paths,
  running: z.boolean(),
  decision: z.looseObject({ action: z.string() }).nullable(),
  patch: z.string().nullable(),
  state: z.string(),
  updatedAt: z.string(),
});
