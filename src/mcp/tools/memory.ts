/** The learning tools: reflect, memory_search, memory_get, memory_add. */
import { z } from 'zod';
import { memoryAdd, memorySearch, memoryShow } from '../../api/memory.js';
import { reflectOnce } from '../../api/reflect.js';
import { lessonKinds, parseFiles, parsePlan, reflectors, workloads } from '../../api/vocabulary.js';
import { resolveAbsolute } from '../../shared/path.js';
import { memoryAddOutput, memoryItemOutput, memorySearchOutput, oneOf, reflectOutput } from '../schemas.js';
import { defineTool } from '../tool.js';

const kinds = Object.entries(lessonKinds)
  .map(([number, kind]) => `${number} ${kind.name}`)
  .join(', ');

export const memoryTools = [
  defineTool({
    name: 'reflect',
    title: 'Reflect on a plan',
    description:
      'One bounded reflection: compares the plan with the artifacts produced and decides continue, replan, end or escalate, within the workload depth cap. The decision is logged under .agent-context/reflections/.',
    input: z.object({
      plan: z
        .union([z.string().min(1), z.looseObject({})])
        .describe(
          'the plan { goal, subtasks: [{ id, description, expected_artifact }] }, or the repository path of plan.json',
        ),
      files: z
        .union([z.string().min(1), z.array(z.looseObject({})), z.record(z.string(), z.looseObject({}))])
        .optional()
        .describe('what was produced: [{ name, status, bytes, age_steps }], or the path of files.json'),
      fromDir: z
        .string()
        .min(1)
        .optional()
        .describe('summarise this repository directory instead of `files`'),
      goal: z.string().optional(),
      depth: z.number().int().nonnegative().optional().describe('reflections already made in this run'),
      step: z.number().int().positive().optional(),
      workload: oneOf(Object.keys(workloads)).optional(),
      reflector: oneOf(Object.keys(reflectors) as Array<keyof typeof reflectors>).optional(),
      runId: z.string().min(1).optional(),
    }),
    output: reflectOutput,
    readOnly: false,
    run: async ({ plan, files, fromDir, ...options }, { root }) =>
      reflectOnce(root, {
        ...options,
        plan: typeof plan === 'string' ? resolveAbsolute(root, plan) : parsePlan(plan, 'plan'),
        ...(files === undefined
          ? {}
          : { files: typeof files === 'string' ? resolveAbsolute(root, files) : parseFiles(files, 'files') }),
        ...(fromDir === undefined ? {} : { fromDir: resolveAbsolute(root, fromDir) }),
      }),
  }),
  defineTool({
    name: 'memory_search',
    title: 'Search lessons',
    description: 'Lessons from earlier sessions that match a task or a set of files, best first.',
    input: z.object({
      query: z.string().describe('words of the task'),
      paths: z.array(z.string()).optional().describe('repository paths the work is about'),
      limit: z.number().int().positive().optional(),
    }),
    output: memorySearchOutput,
    readOnly: true,
    run: async ({ query, paths, limit }, { root }) => memorySearch(query, root, { paths, limit }),
  }),
  defineTool({
    name: 'memory_get',
    title: 'Show a lesson',
    description: 'One lesson (L-NNNN) or skill proposal (P-...) with its text, kind, scope and status.',
    input: z.object({ id: z.string().min(1).describe('a lesson id such as L-0001, or a proposal id') }),
    output: memoryItemOutput,
    readOnly: true,
    run: async ({ id }, { root }) => memoryShow(id, root),
  }),
  defineTool({
    name: 'memory_add',
    title: 'Add a lesson',
    description:
      'Save a lesson that would have saved a round of steering (secrets are masked), or with `proposal` file a skill proposal that waits for approval.',
    input: z.object({
      text: z.string().trim().min(1),
      kind: z.string().optional().describe(`the lesson kind, by number or name: ${kinds}`),
      scope: z
        .array(z.string())
        .optional()
        .describe('posix globs of the files it is about (default: everywhere)'),
      proposal: z.string().min(1).optional().describe('file a skill proposal with this title instead'),
      expectHash: z.string().optional().describe("refuse when MEMORY.md's hash is no longer this one"),
      session: z.string().optional().describe('the agent session it was learned in'),
    }),
    output: memoryAddOutput,
    readOnly: false,
    run: async ({ text, session, ...options }, { root }) =>
      memoryAdd(text, root, { ...options, session: session ?? 'mcp' }),
  }),
];
