/** The context tools: build (or refresh), status, freshness, explain. */
import { z } from 'zod';
import { build, explain, freshness, status, update } from '../../api/context.js';
import { buildOutput, explainOutput, freshnessOutput, statusOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

export const contextTools = [
  defineTool({
    name: 'build',
    title: 'Build the context',
    description:
      'Build or refresh AGENTS.md and .agent-context/ for this repository. `update` (the default) re-parses only the files that changed and writes nothing when nothing did; `build` rebuilds from scratch.',
    input: z.object({
      mode: z
        .enum(['update', 'build'])
        .default('update')
        .describe('update: incremental refresh (default); build: full rebuild, no caches'),
    }),
    output: buildOutput,
    readOnly: false,
    run: async ({ mode }, { root, bus, session }) => {
      if (mode === 'update' && session) return session.refresh({ bus });
      return mode === 'build' ? build(root, { bus }) : update(root, { bus });
    },
  }),
  defineTool({
    name: 'status',
    title: 'Context status',
    description: 'What was built, when, how fresh it is now and how many files the last run re-parsed.',
    input: z.object({}),
    output: statusOutput,
    readOnly: true,
    run: async (_args, { root }) => status(root),
  }),
  defineTool({
    name: 'freshness',
    title: 'Context freshness',
    description:
      'Can AGENTS.md and .agent-context/ still be trusted? A verdict per component (source, config, tool, index, graph, outputs, contracts, task packs), the files behind it and the command that fixes it.',
    input: z.object({}),
    output: freshnessOutput,
    readOnly: true,
    run: async (_args, { root, bus }) => freshness(root, { bus }),
  }),
  defineTool({
    name: 'explain',
    title: 'Explain a file',
    description:
      "One file's facts (imports, exports, symbols), its rank and its neighbours in the dependency graph. Refreshes the context first when it is stale.",
    input: z.object({ file: z.string().min(1).describe('repository path of the file, e.g. src/index.ts') }),
    output: explainOutput,
    readOnly: false,
    run: async ({ file }, { root, bus, session }) =>
      session ? session.explainFile(file, { bus }) : explain(file, root, { bus }),
  }),
];
