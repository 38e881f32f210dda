/**
 * The schema version of `.agent-context/project.json`, apart from its zod schema
 * (`project-schema.ts`) so that the build, which writes the file but never validates it, can
 * stamp the version without loading zod (about 95 modules on every `update`).
 */
export const PROJECT_SCHEMA_VERSION = 1;
