/**
 * The configuration file, `opencode-plusplus.config.{json,jsonc,mjs}`. `UserConfig` is what a
 * person writes (everything optional); `ResolvedConfig` is what stages receive (every default
 * filled in). Unknown keys are errors: a typo must not silently do nothing.
 */
import { z } from 'zod';
import { posix } from '../shared/path.js';

export const ScanConfigSchema = z
  .strictObject({
    /** Files larger than this many bytes are skipped with reason `too-large`. @default 1048576 */
    maxFileBytes: z.number().int().positive().default(1_048_576),
    /** Globs (posix, relative to the repository root) left out of the scan on top of .gitignore. @default [] */
    exclude: z.array(z.string()).default([]),
    /** Globs of files to treat as generated even without a marker. @default [] */
    generated: z.array(z.string()).default([]),
  })
  .describe('Which files are read and how they are classified.');

export const IndexConfigSchema = z
  .strictObject({
    /**
     * Worker threads that parse files beside the main thread on a cold build; `auto` uses one per
     * core but the main thread's (at most 8) when there are more than two cores and at least 1000
     * files to parse (below that, or on two cores, workers cost more than they save), `0` parses on
     * the main thread only. @default "auto"
     */
    workers: z.union([z.literal('auto'), z.number().int().min(0).max(64)]).default('auto'),
  })
  .describe('How files are parsed.');

/**
 * A path the tool writes, relative to the repository and inside it: the repository's own config
 * must never point our writes elsewhere (`../out/victim.md`, `/etc/x`).
 */
function repositoryPath() {
  return z
    .string()
    .min(1)
    .refine((path) => isRepositoryRelative(path), {
      message: 'must be a relative path inside the repository (no "..", no absolute path)',
    });
}

function isRepositoryRelative(path: string): boolean {
  if (path.includes('\0') || path.includes('\\') || /^[a-zA-Z]:/.test(path) || path.startsWith('/'))
    return false;
  const normal = posix.normalize(path);
  return normal !== '..' && !normal.startsWith('../') && normal !== '.';
}

export const ContextConfigSchema = z
  .strictObject({
    /** The agent instructions file whose managed block is generated. @default "AGENTS.md" */
    agentsFile: repositoryPath().default('AGENTS.md'),
    /** How many central modules AGENTS.md lists. @default 12 */
    centralModules: z.number().int().min(1).max(100).default(12),
    /** Extra entrypoints (posix paths) on top of the detected ones. @default [] */
    entrypoints: z.array(z.string()).default([]),
  })
  .describe('What the generated context contains.');

export const LlmConfigSchema = z
  .strictObject({
    /**
     * Which model API answers: `offline` (no network, deterministic rule-based answers), `openai`
     * (any OpenAI-compatible chat-completions server: OpenAI, Ollama, vLLM, llama.cpp server,
     * LM Studio) or `anthropic` (the messages API). @default "offline"
     */
    provider: z.enum(['offline', 'openai', 'anthropic']).default('offline'),
    /**
     * Base URL of the API, e.g. `http://127.0.0.1:11434/v1` for Ollama. Unset: the provider's
     * public endpoint (`https://api.openai.com/v1`, `https://api.anthropic.com`).
     */
    baseUrl: z.url({ protocol: /^https?$/ }).optional(),
    /** Model name sent to the API. @default "" (required for openai and anthropic) */
    model: z.string().default(''),
    /** Name of the environment variable holding the API key; the key itself never goes in config. */
    apiKeyEnv: z
      .string()
      .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'an environment variable name such as OPENAI_API_KEY')
      .optional(),
    /** Deadline for one call, connect to last byte, in milliseconds. @default 60000 */
    timeoutMs: z.number().int().min(100).max(600_000).default(60_000),
    /** Most tokens one answer may have. @default 1024 */
    maxOutputTokens: z.number().int().min(16).max(32_768).default(1024),
    /** Sampling temperature; 0 keeps answers as repeatable as the server allows. @default 0 */
    temperature: z.number().min(0).max(2).default(0),
    /** Send `response_format: {type: "json_object"}` to OpenAI-compatible servers that support it. @default false */
    jsonMode: z.boolean().default(false),
    /** USD per million tokens, to record the cost of each call; unset records cost as unknown. */
    pricing: z
      .strictObject({
        inputPerMillionUsd: z.number().min(0),
        outputPerMillionUsd: z.number().min(0),
      })
      .optional(),
  })
  .refine((llm) => llm.provider === 'offline' || llm.model.length > 0, {
    message: 'a model name is required for the openai and anthropic providers',
    path: ['model'],
  })
  .describe('The model API used by model-backed reflection; offline by default.');

export const ReflectionConfigSchema = z
  .strictObject({
    /**
     * What kind of work is reflected on; sets the default depth cap: `interactive` 2,
     * `research` 3, `report` 4, `coding` 5, `bug-hunting` 6 (with a cost cap). @default "coding"
     */
    workload: z.enum(['interactive', 'research', 'report', 'coding', 'bug-hunting']).default('coding'),
    /** Reflections per run before escalating to a person; overrides the workload's cap. Never above 10. */
    depthCap: z.number().int().min(1).max(10).optional(),
    /** Who decides: `offline` (deterministic rules, no network) or `model` (the `llm` provider). @default "offline" */
    reflector: z.enum(['offline', 'model']).default('offline'),
    /** Escalate once a run's model calls cost this many USD (needs `llm.pricing`); overrides the workload's cap. */
    maxCostUsd: z.number().positive().optional(),
    /** Escalate once a run's model calls used this many tokens; overrides the workload's cap. */
    maxTokens: z.number().int().positive().optional(),
    /**
     * Background reflection from agent hooks: `background` (a detached process reflects on a
     * digest of the transcript), `fork` (the agent itself, on a fork of the session, limited to
     * writing memory), `block` (the Stop hook asks the agent to reflect once in its own context),
     * `off`. @default "background"
     */
    mode: z.enum(['background', 'fork', 'block', 'off']).default('background'),
    /** Tool calls since the last reflection that occasion the next one. @default 12 */
    toolCallThreshold: z.number().int().min(1).max(10_000).default(12),
    /** User turns since the last reflection that occasion the next one. @default 3 */
    turnThreshold: z.number().int().min(1).max(1_000).default(3),
    /** Failed tool calls ("surprises") since the last reflection that occasion the next one. @default 2 */
    surpriseThreshold: z.number().int().min(1).max(1_000).default(2),
    /** A session that ends or is reset with at least this many unreflected turns is flushed. @default 3 */
    flushMinTurns: z.number().int().min(1).max(1_000).default(3),
    /** Minutes between two reflections of one session. @default 15 */
    cooldownMinutes: z
      .number()
      .min(0)
      .max(24 * 60)
      .default(15),
    /** Longest cooldown after reflections that saved nothing (it doubles up to this). @default 60 */
    maxCooldownMinutes: z
      .number()
      .min(0)
      .max(7 * 24 * 60)
      .default(60),
    /** Characters of the transcript's tail a background reflection reads at most. @default 60000 */
    maxReplayChars: z.number().int().min(1000).max(10_000_000).default(60_000),
    /** Size of the digest a model reflector is shown, in tokens (about 4 characters each). @default 3000 */
    digestTokens: z.number().int().min(200).max(100_000).default(3000),
  })
  .refine((reflection) => reflection.maxCooldownMinutes >= reflection.cooldownMinutes, {
    message: 'maxCooldownMinutes must be at least cooldownMinutes',
    path: ['maxCooldownMinutes'],
  })
  .describe(
    'The bounded reflection node (depth caps, reflector, cost caps) and background reflection from agent hooks.',
  );

export const MemoryConfigSchema = z
  .strictObject({
    /**
     * `manual`: a skill proposal is applied only by `memory approve <id>`; `auto`: proposals
     * that pass the checks are applied when filed (quarantined ones never are). @default "manual"
     */
    approvalPolicy: z.enum(['manual', 'auto']).default('manual'),
    /** Longest lesson text accepted, in characters. @default 2000 */
    maxLessonChars: z.number().int().min(80).max(20_000).default(2000),
    /** How many lessons AGENTS.md's managed block lists. @default 12 */
    servedInAgentsFile: z.number().int().min(0).max(100).default(12),
  })
  .describe('The lesson store under .agent-context/memory/.');
export const ImpactConfigSchema = z
  .strictObject({
    /**
     * Branches whose merge-base with HEAD is the default base of `impact`, `tests` and `verify`,
     * tried in order, local first, then `origin/<branch>`. @default ["main","master"]
     */
    baseBranches: z.array(z.string().min(1)).min(1).default(['main', 'master']),
    /** How many import hops the reverse dependency walk follows. @default 20 */
    maxDepth: z.number().int().min(1).max(1000).default(20),
  })
  .describe('How a change is measured: its base and how far its impact is followed.');

export const PolicyConfigSchema = z
  .strictObject({
    /**
     * How much proof closes a requirement. `advisory`: a manual claim counts (reported as
     * unverified); `balanced`: after source or config changes the tests need command or CI evidence;
     * `strict`: tests and contract validation need current-tree command or CI evidence. @default "balanced"
     */
    evidence: z.enum(['advisory', 'balanced', 'strict']).default('balanced'),
    /** What fails the gate: `forbidden` findings only, also `required` ones, or also `risk`. @default "required" */
    failOn: z.enum(['forbidden', 'required', 'risk']).default('required'),
    /** A change larger than this is a risk finding. @default {"files":25,"lines":600} */
    largeDiff: z
      .strictObject({
        files: z.number().int().positive().default(25),
        lines: z.number().int().positive().default(600),
      })
      .prefault({}),
  })
  .describe('The policy gate: evidence policy and how hard it gates.');

/** A retrieval signal's weight in the fused score: 0 turns it off. */
const signalWeight = (value: number) => z.number().min(0).max(10).default(value);
/** A BM25F field's weight in the lexical signal. */
const fieldWeight = (value: number) => z.number().min(0).max(20).default(value);

export const RetrieveWeightsSchema = z
  .strictObject({
    /** BM25F over path words, symbol names, docs and body. @default 1 */
    lexical: signalWeight(1),
    /** Exact mentions in the task: paths, file names, symbols, routes, messages, flags. @default 1 */
    mentions: signalWeight(1),
    /** Files named after a word of the task's title (`Modal.tsx` for "when modal open"). @default 0.3 */
    named: signalWeight(0.3),
    /** PageRank centrality prior. @default 0.05 */
    centrality: signalWeight(0.05),
    /** Entrypoints and config files when the task mentions them. @default 0.15 */
    project: signalWeight(0.15),
    /** How often a file changed in recent history (prior). @default 0.05 */
    churn: signalWeight(0.05),
    /** Files changed by the past commits whose messages are most like the task. @default 0.3 */
    similar: signalWeight(0.3),
    /** Files named after the scope of a conventional-commit title (`fix(hmr): …`). @default 0.3 */
    scope: signalWeight(0.3),
    /** Imports and importers of the best hits. @default 0.3 */
    graph: signalWeight(0.3),
    /** Sources tested by the tests that match the task. @default 0.4 */
    tests: signalWeight(0.4),
    /** Files changed together with the best hits. @default 0.3 */
    cochange: signalWeight(0.3),
    /** Files that usually change when one of the three best hits changes, hubs included. @default 0.15 */
    companion: signalWeight(0.15),
    /** Files in the scope of, or named by, a lesson from memory that matches the task. @default 0.3 */
    lessons: signalWeight(0.3),
  })
  .describe('Weight of each retrieval signal in the fused score (0 turns a signal off).');

export const RetrieveFieldsSchema = z
  .strictObject({
    /** Words of the file path. @default 3 */
    path: fieldWeight(3),
    /** Names of symbols and exports. @default 2 */
    symbols: fieldWeight(2),
    /** Doc comments, signatures, summary, routes. @default 1 */
    doc: fieldWeight(1),
    /** The whole text. @default 1 */
    body: fieldWeight(1),
    /** Descriptions of the folders a file sits in (a module's entry file or README). @default 1 */
    folder: fieldWeight(1),
  })
  .describe('BM25F field weights of the lexical signal.');

export const RetrieveConfigSchema = z
  .strictObject({
    /** How many files `retrieve` lists when --top is not given. @default 20 */
    top: z.number().int().min(1).max(1000).default(20),
    /** How many tests are listed beside the files. @default 10 */
    tests: z.number().int().min(0).max(200).default(10),
    weights: RetrieveWeightsSchema.prefault({}),
    fields: RetrieveFieldsSchema.prefault({}),
    /** How many of the best direct hits the graph, test and co-change signals spread from. @default 8 */
    seeds: z.number().int().min(1).max(100).default(8),
    /** Share of a hit's score its imports and importers receive (before sharing among them). @default 0.5 */
    graphDecay: z.number().min(0).max(1).default(0.5),
    /** Factor on the scores of files inside a monorepo package the task names (1 turns it off). @default 1.5 */
    packageBoost: z.number().min(1).max(10).default(1.5),
    /** Commits of history before HEAD read for co-change and recent changes; 0 skips git history. @default 1000 */
    historyCommits: z.number().int().min(0).max(100_000).default(1000),
  })
  .describe('How files are chosen for a task: signals, weights, history.');

export const PackConfigSchema = z
  .strictObject({
    /** Token budget of a task pack when --budget is not given (o200k tokens). @default 12000 */
    budget: z.number().int().min(1).max(2_000_000).default(12_000),
  })
  .describe('How a task pack is fitted into a token budget.');

export const UserConfigSchema = z
  .strictObject({
    /** JSON Schema reference for editors; ignored by the tool. */
    $schema: z.string().optional(),
    scan: ScanConfigSchema.prefault({}),
    index: IndexConfigSchema.prefault({}),
    context: ContextConfigSchema.prefault({}),
    llm: LlmConfigSchema.prefault({}),
    reflection: ReflectionConfigSchema.prefault({}),
    memory: MemoryConfigSchema.prefault({}),
    impact: ImpactConfigSchema.prefault({}),
    policy: PolicyConfigSchema.prefault({}),
    retrieve: RetrieveConfigSchema.prefault({}),
    pack: PackConfigSchema.prefault({}),
  })
  .describe('opencode-plusplus configuration');

/** What a person writes in the config file. */
export type UserConfig = z.input<typeof UserConfigSchema>;
/** The configuration stages receive, with every default filled in. */
export type ResolvedConfig = z.output<typeof UserConfigSchema>;
export type RetrieveConfig = ResolvedConfig['retrieve'];

export function defaultConfig(): ResolvedConfig {
  return UserConfigSchema.parse({});
}

/** The JSON Schema shipped as `schema/opencode-plusplus.config.schema.json`. */
export function configJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(UserConfigSchema, { io: 'input', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
}
