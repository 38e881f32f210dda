/**
 * The five contract files under `.agent-context/contracts/`, as zod schemas. Unknown keys are
 * errors (a typo must not silently switch a rule off); regular expressions are compiled here so a
 * bad one is reported with its key, not when a rule first runs.
 */
import { z } from 'zod';
import { CONTRACT_PATHS } from './files.js';

export const CONTRACT_SCHEMA_VERSION = 1;

const severity = z.enum(['forbidden', 'required', 'risk']);
const glob = z.string().min(1);
const comment = z.string().min(1);

/** A regular expression given as a string; checked to compile. */
const regex = z.string().refine(compiles, { message: 'not a valid regular expression' });
const regexes = z.union([regex, z.array(regex)]);

/** Written by inference; the hash covers everything else in the file, so any edit shows. */
/** Names of `items` in order, with an issue at `<key>.<index>.name` for each repeated one. */
function uniqueNames(
  items: ReadonlyArray<{ name: string }>,
  key: string,
  message: string,
  context: z.RefinementCtx,
): Set<string> {
  const names = new Set<string>();
  items.forEach((item, index) => {
    if (names.has(item.name)) context.addIssue({ code: 'custom', path: [key, index, 'name'], message });
    names.add(item.name);
  });
  return names;
}

export const InferredStampSchema = z.strictObject({
  /** `opencode-plusplus@<version>`. */
  by: z.string(),
  /** sha256 of the stable JSON of the file without this key, as inferred. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  note: z.string().optional(),
});

const common = {
  $schema: z.string().optional(),
  schemaVersion: z.literal(CONTRACT_SCHEMA_VERSION),
  inferred: InferredStampSchema.optional(),
  comment: z.string().optional(),
};

export const ArchitectureContractSchema = z
  .strictObject({
    ...common,
    layers: z
      .array(
        z.strictObject({
          name: z.string().min(1),
          /** Globs of the files in this layer; a file belongs to the first layer that matches it. */
          paths: z.array(glob).min(1),
          /** Layers this one may import (its own files always may). Absent: no constraint. */
          mayImport: z.array(z.string()).optional(),
          /** Layers this one may import types from (`import type`), on top of `mayImport`; `*` for all. */
          mayImportTypes: z.array(z.string()).optional(),
          comment: z.string().optional(),
        }),
      )
      .default([]),
  })
  .superRefine((contract, context) => {
    const names = uniqueNames(contract.layers, 'layers', 'duplicate layer name', context);
    contract.layers.forEach((layer, index) => {
      for (const key of ['mayImport', 'mayImportTypes'] as const) {
        (layer[key] ?? []).forEach((name, position) => {
          if (name !== '*' && !names.has(name))
            context.addIssue({
              code: 'custom',
              path: ['layers', index, key, position],
              message: `no layer is named "${name}"`,
            });
        });
      }
    });
  });

const pathMatch = {
  /** Regular expression(s) on the repository path; any one matching is enough. */
  path: regexes.optional(),
  /** Regular expression(s) the path must not match. */
  pathNot: regexes.optional(),
};

const boundaryFrom = z.strictObject({
  ...pathMatch,
  /** Match files that import nothing internal and that nothing imports. */
  orphan: z.boolean().optional(),
});

const boundaryTo = z.strictObject({
  ...pathMatch,
  /** Match imports that are part of an import cycle. */
  circular: z.boolean().optional(),
  /** `true`: only `import type`; `false`: only imports that exist at run time. */
  typeOnly: z.boolean().optional(),
  /** Match imports of packages (`npm:react`, `builtin:node:fs`) instead of repository files. */
  external: z.boolean().optional(),
});

export const BoundaryRuleSchema = z.strictObject({
  name: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'use lower-case letters, digits and dashes'),
  /** Why the rule exists: shown with every finding. */
  comment,
  severity: severity.default('forbidden'),
  from: boundaryFrom.default({}),
  to: boundaryTo.default({}),
});

export const ModuleBoundariesSchema = z
  .strictObject({
    ...common,
    /** An import that matches any of these is a finding. */
    forbidden: z.array(BoundaryRuleSchema).default([]),
    /** When not empty: an internal import that matches none of these is a finding. */
    allowed: z
      .array(
        z.strictObject({
          comment,
          from: boundaryFrom.default({}),
          to: boundaryTo.default({}),
        }),
      )
      .default([]),
    /** Severity of imports outside every `allowed` rule. */
    allowedSeverity: severity.default('forbidden'),
  })
  .superRefine((contract, context) => {
    uniqueNames(contract.forbidden, 'forbidden', 'duplicate rule name', context);
  });

const command = z.strictObject({
  command: z.string().min(1),
  /** Where it was found (`package.json#scripts.test`). */
  source: z.string().optional(),
  comment: z.string().optional(),
});

export const COMMAND_CONTRACT_NAMES = ['install', 'build', 'test', 'lint', 'typecheck', 'format'] as const;

export const CommandsContractSchema = z.strictObject({
  ...common,
  commands: z
    .strictObject({
      install: command.optional(),
      build: command.optional(),
      test: command.optional(),
      lint: command.optional(),
      typecheck: command.optional(),
      format: command.optional(),
    })
    .default({}),
});

export const TEST_RUNNERS = [
  'vitest',
  'jest',
  'mocha',
  'node-test',
  'tap',
  'ava',
  'borp',
  'uvu',
  'tstyche',
  'playwright',
  'bun',
  'pytest',
  'unittest',
  'go',
  'cargo',
  'nextest',
  'maven',
  'gradle',
] as const;
export type TestRunnerId = (typeof TEST_RUNNERS)[number];

export const TestRunnerSchema = z.strictObject({
  runner: z.enum(TEST_RUNNERS),
  /** Globs of the test files this runner runs. */
  include: z.array(glob).min(1),
  exclude: z.array(glob).default([]),
  /** Runs the selected tests: the files (or packages, or targets) are appended. */
  command: z.string().min(1),
  /** Runs everything: the full-confidence level. */
  fullCommand: z.string().min(1),
  comment: z.string().optional(),
});

export const TestContractSchema = z.strictObject({
  ...common,
  runners: z.array(TestRunnerSchema).default([]),
  /**
   * Which test belongs to which source file, beyond imports: `source` is a regular expression on
   * the source path, `test` one on test paths where `$1`.. stand for the groups `source` captured.
   */
  conventions: z.array(z.strictObject({ source: regex, test: z.string().min(1), comment })).default([]),
  /** Source files whose change requires a test change in the same diff. */
  requireTestChange: z
    .strictObject({
      paths: z.array(glob).default([]),
      exclude: z.array(glob).default([]),
      severity: severity.default('required'),
      comment: z.string().optional(),
    })
    .prefault({}),
  /** Files whose change re-runs every test, on top of the built-in ones (lockfiles, configs, `.env*`). */
  forceRerunTriggers: z.array(glob).default([]),
});

const pathRule = {
  paths: z.array(glob).min(1),
  except: z.array(glob).default([]),
  comment,
};

export const SafetyContractSchema = z.strictObject({
  ...common,
  /** Paths an agent must not touch (or only in some ways: `changes`). */
  protected: z
    .array(
      z.strictObject({
        ...pathRule,
        changes: z
          .array(z.enum(['added', 'modified', 'deleted']))
          .min(1)
          .default(['added', 'modified', 'deleted']),
        severity: severity.default('forbidden'),
      }),
    )
    .default([]),
  /** Paths produced by tools: regenerate them, never edit them by hand. */
  generated: z.array(z.strictObject({ ...pathRule, severity: severity.default('risk') })).default([]),
  /** Commands an agent must never run (regular expressions on the command line). */
  forbiddenCommands: z.array(z.strictObject({ pattern: regex, comment })).default([]),
  /** Files that document every environment variable the code reads. */
  envExamples: z.array(z.string().min(1)).default([]),
});

export type ArchitectureContract = z.output<typeof ArchitectureContractSchema>;
export type ModuleBoundaries = z.output<typeof ModuleBoundariesSchema>;
export type BoundaryRule = z.output<typeof BoundaryRuleSchema>;
export type CommandsContract = z.output<typeof CommandsContractSchema>;
export type TestContract = z.output<typeof TestContractSchema>;
export type TestRunnerEntry = z.output<typeof TestRunnerSchema>;
export type SafetyContract = z.output<typeof SafetyContractSchema>;
export type InferredStamp = z.output<typeof InferredStampSchema>;

export interface ContractSet {
  architecture: ArchitectureContract;
  boundaries: ModuleBoundaries;
  commands: CommandsContract;
  tests: TestContract;
  safety: SafetyContract;
}

export type ContractName = keyof ContractSet;

/** The registry: contract name -> file and schema. */
export const CONTRACT_FILES: { readonly [Name in ContractName]: { file: string; schema: z.ZodType } } = {
  architecture: { file: CONTRACT_PATHS.architecture, schema: ArchitectureContractSchema },
  boundaries: { file: CONTRACT_PATHS.boundaries, schema: ModuleBoundariesSchema },
  commands: { file: CONTRACT_PATHS.commands, schema: CommandsContractSchema },
  tests: { file: CONTRACT_PATHS.tests, schema: TestContractSchema },
  safety: { file: CONTRACT_PATHS.safety, schema: SafetyContractSchema },
};

export const CONTRACT_NAMES = Object.keys(CONTRACT_FILES) as ContractName[];

/** JSON Schemas of the contract files, for editors (written to `schema/contracts/` by the build). */
export function contractJsonSchemas(): Record<string, Record<string, unknown>> {
  const schemas: Record<string, Record<string, unknown>> = {};
  for (const name of CONTRACT_NAMES) {
    const { file, schema } = CONTRACT_FILES[name];
    const base = file.slice(file.lastIndexOf('/') + 1).replace(/\.json$/, '');
    schemas[`${base}.schema.json`] = z.toJSONSchema(schema, {
      io: 'input',
      target: 'draft-2020-12',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
  }
  return schemas;
}

function compiles(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}
