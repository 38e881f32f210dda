/** Every contract inferred from the repository, each by its own small function. */
import type { ContractSet } from '../schema.js';
import { inferArchitecture } from './architecture.js';
import { inferBoundaries } from './boundaries.js';
import { inferCommands } from './commands.js';
import type { InferenceInput } from './input.js';
import { inferSafety } from './safety.js';
import { inferTests } from './tests.js';

export type { InferenceInput } from './input.js';

export function inferContracts(input: InferenceInput): ContractSet {
  return {
    architecture: inferArchitecture(input),
    boundaries: inferBoundaries(input),
    commands: inferCommands(input),
    tests: inferTests(input),
    safety: inferSafety(input),
  };
}
