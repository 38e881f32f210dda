// After tsc: make the CLI executable and write the config JSON Schema from the zod schema.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';

chmodSync(new URL('../dist/cli/main.js', import.meta.url), 0o755);
const { configJsonSchema } = await import('../dist/config/schema.js');
mkdirSync(new URL('../schema/', import.meta.url), { recursive: true });
writeFileSync(
  new URL('../schema/opencode-plusplus.config.schema.json', import.meta.url),
  `${JSON.stringify(configJsonSchema(), null, 2)}\n`,
);

const { renderCliDocs } = await import('./cli-docs.mjs');
writeFileSync(new URL('../docs/cli.md', import.meta.url), await renderCliDocs());

// JSON Schemas of the contract files under .agent-context/contracts/ (for editors).
const { contractJsonSchemas } = await import('../dist/contracts/schema.js');
mkdirSync(new URL('../schema/contracts/', import.meta.url), { recursive: true });
for (const [name, schema] of Object.entries(contractJsonSchemas())) {
  writeFileSync(
    new URL(`../schema/contracts/${name}`, import.meta.url),
    `${JSON.stringify(schema, null, 2)}\n`,
  );
}

// The JSON Schema of .agent-context/project.json (what AGENTS.md says, as data).
const { projectJsonSchema } = await import('../dist/context/project-schema.js');
writeFileSync(
  new URL('../schema/project.schema.json', import.meta.url),
  `${JSON.stringify(projectJsonSchema(), null, 2)}\n`,
);

// The resolved defaults as plain JSON: loading a repository without a config file needs no zod.
const { defaultConfig } = await import('../dist/config/schema.js');
writeFileSync(
  new URL('../dist/config/defaults.json', import.meta.url),
  `${JSON.stringify(defaultConfig(), null, 2)}\n`,
);

// The agent benchmark's suite format (bench/agent-suite/suite.json points at it).
const { suiteJsonSchema } = await import('../dist/bench/agent/suite.js');
writeFileSync(
  new URL('../schema/benchmark-suite.schema.json', import.meta.url),
  `${JSON.stringify(suiteJsonSchema(), null, 2)}\n`,
);
