/**
 * Every tool the server offers, in the order `tools/list` shows them. Adding one: define it in
 * the area file of `tools/` (or a new one) and it is listed here through its area.
 */
import type { AnyTool } from './tool.js';
import { changeTools } from './tools/change.js';
import { contextTools } from './tools/context.js';
import { guardTools } from './tools/guards.js';
import { memoryTools } from './tools/memory.js';
import { orchestrateTools } from './tools/orchestrate.js';
import { retrievalTools } from './tools/retrieval.js';
import { traceTools } from './tools/trace.js';

export const tools: readonly AnyTool[] = [
  ...contextTools,
  ...retrievalTools,
  ...changeTools,
  ...traceTools,
  ...guardTools,
  ...memoryTools,
  ...orchestrateTools,
];
