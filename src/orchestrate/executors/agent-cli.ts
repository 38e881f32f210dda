/**
 * The shape every agent CLI executor shares: fixed arguments, the CLI's own model flag when
 * `--model` is given, then the prompt as the last word. One home for that argv layout and for the
 * "how to install it" hint of an npm-distributed CLI.
 */
import type { StreamNormalizer } from './events.js';
import type { ProcessExecutor } from './types.js';

export interface AgentCli {
  name: string;
  summary: string;
  bin: string;
  install: string;
  /** The arguments before the model flag and the prompt. */
  args: string[];
  /** The CLI's model flag (`--model`, `-m`). */
  modelFlag: string;
  env?: Record<string, string>;
  /** A normalizer per run (one that pairs results with calls keeps state). */
  createNormalizer(): StreamNormalizer;
}

export function agentCliExecutor(cli: AgentCli): ProcessExecutor {
  return {
    kind: 'process',
    name: cli.name,
    summary: cli.summary,
    bin: cli.bin,
    install: cli.install,
    template: (settings) => [
      ...cli.args,
      ...(settings.model ? [cli.modelFlag, settings.model] : []),
      '{prompt}',
    ],
    ...(cli.env ? { env: cli.env } : {}),
    createNormalizer: cli.createNormalizer,
  };
}

export function npmInstallHint(pkg: string): string {
  return `npm install -g ${pkg} (or pass --executor-bin <path>)`;
}
