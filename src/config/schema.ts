/**
 * The configuration file, `opencode-plusplus.config.{json,jsonc,mjs}`. `UserConfig` is what a
 * person writes (everything optional); `ResolvedConfig` is what stages receive (every default
 * filled in). Unknown keys are errors: a typo must not silently do nothing.
 */
import { z } from 'zod';

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
     * Worker threads used to parse files on a cold build; `auto` uses one per core when there are
     * enough files to pay for starting them, `0` parses on the main thread. @default "auto"
     */
    workers: z.union([z.literal('auto'), z.number().int().min(0).max(64)]).default('auto'),
  })
  .describe('How files are parsed.');

export const ContextConfigSchema = z
  .strictObject({
    /** The agent instructions file whose managed block is generated. @default "AGENTS.md" */
    agentsFile: z.string().min(1).default('AGENTS.md'),
    /** How many central modules AGENTS.md lists. @default 12 */
    centralModules: z.number().int().min(1).max(100).default(12),
    /** Extra entrypoints (posix paths) on top of the detected ones. @default [] */
    entrypoints: z.array(z.string()).default([]),
  })
  .describe('What the generated context contains.');

export const UserConfigSchema = z
  .strictObject({
    /** JSON Schema reference for editors; ignored by the tool. */
    $schema: z.string().optional(),
    scan: ScanConfigSchema.prefault({}),
    index: IndexConfigSchema.prefault({}),
    context: ContextConfigSchema.prefault({}),
  })
  .describe('opencode-plusplus configuration');

/** What a person writes in the config file. */
export type UserConfig = z.input<typeof UserConfigSchema>;
/** The configuration stages receive, with every default filled in. */
export type ResolvedConfig = z.output<typeof UserConfigSchema>;

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
