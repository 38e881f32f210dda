/**
 * `.agent-context/project.json`: what AGENTS.md says, as data for tools (MCP, report, CI). The
 * zod schema is the one definition: the type below is inferred from it, the JSON Schema in
 * `schema/project.schema.json` is generated from it, and readers validate with it. Builds only
 * import the type (and the version from `project-version.ts`), so a build does not pay for loading zod.
 */
import { z } from 'zod';
import { LISTED_SKIP_REASONS, type SkipReason } from '../scan/types.js';
import { PROJECT_SCHEMA_VERSION } from './project-version.js';

type ListedSkipReason = Exclude<SkipReason, 'managed-output'>;

const path = z.string().min(1).describe('Posix path relative to the repository root.');

const SkipReasonSchema = z.enum(LISTED_SKIP_REASONS as [ListedSkipReason, ...ListedSkipReason[]]);

export const ProjectJsonSchema = z
  .object({
    schemaVersion: z.literal(PROJECT_SCHEMA_VERSION),
    name: z.string().describe('The package or module name, else the folder name.'),
    description: z
      .string()
      .describe("One sentence: the manifest's description, else the README's first prose paragraph."),
    descriptionSource: z.string().describe('Where the description was read (`package.json#description`).'),
    languages: z
      .array(z.object({ name: z.string(), files: z.number().int().nonnegative() }).strict())
      .describe('Languages of source and test files, most lines first.'),
    moduleStyle: z
      .enum(['esm', 'commonjs', 'mixed'])
      .nullable()
      .describe('What a new file in the main JS/TS package must use; null outside JS/TS.'),
    moduleStyleEvidence: z.string().describe('Why: the declaration and the counts behind it.'),
    packages: z
      .array(
        z
          .object({
            name: z.string(),
            path: z.string().describe('Folder of the package (`.` for the root).'),
            language: z.string(),
            entrypoints: z.array(path),
          })
          .strict(),
      )
      .describe('Packages declared by manifests (workspaces, Cargo members, Maven modules, Go module).'),
    entrypoints: z
      .array(
        z
          .object({
            path,
            kind: z.enum(['declared', 'convention']),
            why: z.string(),
          })
          .strict(),
      )
      .describe('Where execution or the public API starts; declared ones first.'),
    central: z
      .array(
        z
          .object({
            path,
            importedBy: z.number().int().nonnegative(),
            why: z.string(),
            summary: z.string().describe("The file's module doc, else what it visibly does."),
          })
          .strict(),
      )
      .max(12)
      .describe('The "read first" list of AGENTS.md, in its order: most imported real source first.'),
    commands: z
      .object({
        test: z.string().nullable().describe('The whole-suite command.'),
        install: z.string().optional(),
        build: z.string().optional(),
        lint: z.string().optional(),
        typecheck: z.string().optional(),
        format: z.string().optional(),
        dev: z.string().optional(),
        start: z.string().optional(),
      })
      .strict(),
    commandSources: z.record(z.string(), z.string()).describe('Where each command was found.'),
    testRunners: z
      .array(z.object({ name: z.string(), command: z.string(), include: z.array(z.string()) }).strict())
      .describe('The runners that run the tests, with the files each runs.'),
    generated: z
      .array(z.string())
      .describe('Globs of generated files (edit their generator instead), each backed by evidence.'),
    generatedEvidence: z.record(z.string(), z.string()).describe('Per generated glob: why.'),
    fixtures: z.array(z.string()).describe('Folders of fixtures and test data: inputs of tests, not tests.'),
    skipped: z
      .array(z.object({ path, reason: SkipReasonSchema, detail: z.string().optional() }).strict())
      .describe('Every file listed but not read or not indexed, with why.'),
    counts: z
      .object({
        listed: z.number().int().nonnegative(),
        indexed: z.number().int().nonnegative(),
        skipped: z.number().int().nonnegative(),
        notIndexed: z
          .number()
          .int()
          .nonnegative()
          .describe('Read but without facts to extract: assets and lockfiles.'),
      })
      .strict()
      .describe('listed = indexed + skipped + notIndexed.'),
    layout: z
      .array(z.object({ path: z.string(), files: z.number().int(), description: z.string() }).strict())
      .describe('Top folders (and the subfolders of source roots) with what they hold.'),
    conventions: z
      .array(z.object({ id: z.string(), text: z.string(), evidence: z.string() }).strict())
      .describe('Conventions observed in the tree.'),
    configuration: z.array(path).describe('Configuration files at the root.'),
  })
  .strict();

export type ProjectJson = z.infer<typeof ProjectJsonSchema>;

/** The JSON Schema of project.json (written to `schema/project.schema.json` by the build). */
export function projectJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(ProjectJsonSchema, { io: 'output', target: 'draft-2020-12' }) as Record<
    string,
    unknown
  >;
}
