/**
 * Every tool the server offers, in the order `tools/list` shows them. Adding one: define it in
 * the area file of `tools/` (or a new one) and it is listed here through its area.
 *
 * `orchestrate_start` and `orchestrate_status` join when the orchestrator lands in api/.
 */
import type { AnyTool } from './tool.js';
import { changeTools } from './tools/change.js';
import { contextTools } from './tools/context.js';
import { guardTools } from './tools/guards.js';
import { memoryTools } from './tools/memory.js';
import { retrievalTools } from './tools/retrieval.js';
import { traceTools } from './tools/trace.js';

export const tools: readonly AnyTool[] = [
  ...contextTools,
  ...retrievalTools,
  ...changeTools,
  ...traceTools,
  ...guardTools,
  ...memoryTools,
];
