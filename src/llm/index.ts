/** The `llm` stage's surface: providers, the JSON-with-one-retry helper, call records. */
export { costOf, estimateTokens } from './cost.js';
export { completeJson, type JsonOutcome, parseJsonAnswer } from './json.js';
export { createProvider, providers } from './registry.js';
export * from './types.js';
