/**
 * Two reflectors behind one interface. A `ReflectionTask` says how to answer one kind of question
 * — deterministically (`offline`) and as a model prompt with a validator (`prompt`, `accept`).
 * The offline reflector runs the rules; the model reflector asks the model for JSON, gives an
 * invalid answer one retry, then lets the offline rules decide and records why. The node's
 * plan-vs-actual decision is one task; background reflection on transcripts is another.
 */
import { completeJson } from '../llm/json.js';
import type { LlmCallRecord, LlmProvider } from '../llm/types.js';
import type { ReflectorName } from './types.js';

export interface ReflectionTask<Input, Output> {
  /** Deterministic answer from rules: the offline reflector, and the model's fallback. */
  offline(input: Input): Output;
  /** What the model is told. */
  prompt(input: Input): { system: string; user: string };
  /** Validates and normalizes a parsed JSON answer; throws an `Error` saying what is wrong. */
  accept(value: unknown, input: Input): Output;
}

export interface ReflectorAnswer<Output> {
  value: Output;
  /** Who actually answered: `offline` also after a model fallback. */
  answeredBy: ReflectorName;
  calls: LlmCallRecord[];
  /** Why the model's answer was not used, when it was not. */
  fallback: string | null;
}

export interface Reflector<Input, Output> {
  readonly name: ReflectorName;
  reflect(input: Input): Promise<ReflectorAnswer<Output>>;
}

export function offlineReflector<Input, Output>(
  task: ReflectionTask<Input, Output>,
): Reflector<Input, Output> {
  return {
    name: 'offline',
    async reflect(input) {
      return { value: task.offline(input), answeredBy: 'offline', calls: [], fallback: null };
    },
  };
}

export function modelReflector<Input, Output>(
  task: ReflectionTask<Input, Output>,
  provider: LlmProvider,
): Reflector<Input, Output> {
  return {
    name: 'model',
    async reflect(input) {
      const { system, user } = task.prompt(input);
      const outcome = await completeJson(
        provider,
        {
          system,
          messages: [{ role: 'user', content: user }],
          offlineAnswer: () => JSON.stringify(task.offline(input)),
        },
        (value) => task.accept(value, input),
      );
      if (outcome.ok)
        return { value: outcome.value, answeredBy: 'model', calls: outcome.calls, fallback: null };
      return {
        value: task.offline(input),
        answeredBy: 'offline',
        calls: outcome.calls,
        fallback: outcome.reason,
      };
    },
  };
}

/** The reflectors, by the name config and `--reflector` use. */
export const reflectors = {
  offline: <Input, Output>(task: ReflectionTask<Input, Output>, _provider?: LlmProvider) =>
    offlineReflector(task),
  model: <Input, Output>(task: ReflectionTask<Input, Output>, provider: LlmProvider) =>
    modelReflector(task, provider),
} as const;
