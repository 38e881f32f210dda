/**
 * Every command, one file each. Adding one: write `<name>.ts` exporting a `CommandDefinition` and
 * list it here with the top-level names it defines. Running one command loads only its module
 * (about 15 ms less start-up than loading all 28); the full list loads for help, `help <name>` and
 * anything unknown.
 */
import type { CommandDefinition } from '../command.js';

interface CommandModule {
  names: readonly string[];
  load: () => Promise<CommandDefinition>;
}

/** In the order `--help` lists them. */
const modules: readonly CommandModule[] = [
  { names: ['init'], load: async () => (await import('./init.js')).initCommand },
  { names: ['build', 'update'], load: async () => (await import('./build.js')).buildCommand },
  { names: ['status'], load: async () => (await import('./status.js')).statusCommand },
  { names: ['freshness'], load: async () => (await import('./freshness.js')).freshnessCommand },
  { names: ['drift'], load: async () => (await import('./drift.js')).driftCommand },
  { names: ['delta'], load: async () => (await import('./delta.js')).deltaCommand },
  { names: ['evolve'], load: async () => (await import('./evolve.js')).evolveCommand },
  { names: ['diff'], load: async () => (await import('./diff.js')).diffCommand },
  { names: ['trace'], load: async () => (await import('./trace.js')).traceCommand },
  { names: ['loop'], load: async () => (await import('./loop.js')).loopCommand },
  { names: ['hallucination'], load: async () => (await import('./hallucination.js')).hallucinationCommand },
  { names: ['regression'], load: async () => (await import('./regression.js')).regressionCommand },
  { names: ['explain'], load: async () => (await import('./explain.js')).explainCommand },
  { names: ['doctor'], load: async () => (await import('./doctor.js')).doctorCommand },
  { names: ['reflect'], load: async () => (await import('./reflect.js')).reflectCommand },
  { names: ['memory'], load: async () => (await import('./memory.js')).memoryCommand },
  {
    names: ['validate-contracts'],
    load: async () => (await import('./contracts.js')).validateContractsCommand,
  },
  { names: ['impact', 'tests'], load: async () => (await import('./impact.js')).impactCommand },
  { names: ['verify'], load: async () => (await import('./verify.js')).verifyCommand },
  { names: ['policy'], load: async () => (await import('./policy.js')).policyCommand },
  { names: ['hook'], load: async () => (await import('./hook.js')).hookCommand },
  { names: ['install'], load: async () => (await import('./install.js')).installCommand },
  { names: ['uninstall'], load: async () => (await import('./uninstall.js')).uninstallCommand },
  { names: ['retrieve'], load: async () => (await import('./retrieve.js')).retrieveCommand },
  { names: ['pack'], load: async () => (await import('./pack.js')).packCommand },
  { names: ['rag'], load: async () => (await import('./rag.js')).ragCommand },
  { names: ['plan', 'task', 'run'], load: async () => (await import('./task.js')).taskCommands },
  {
    names: ['orchestrate', 'agent', 'opencode', 'oc'],
    load: async () => (await import('./orchestrate.js')).orchestrateCommand,
  },
  { names: ['mcp'], load: async () => (await import('./mcp.js')).mcpCommand },
  { names: ['sidecar'], load: async () => (await import('./sidecar.js')).sidecarCommand },
  { names: ['report'], load: async () => (await import('./report.js')).reportCommand },
  { names: ['benchmark'], load: async () => (await import('./benchmark.js')).benchmarkCommand },
  {
    names: ['benchmark-agent'],
    load: async () => (await import('./benchmark-agent.js')).benchmarkAgentCommand,
  },
  { names: ['worker'], load: async () => (await import('./worker.js')).workerCommand },
];

/** Every top-level command name. */
export const commandNames: readonly string[] = modules.flatMap((module) => module.names);

/** The commands `argv` needs: the one it names, or all of them (help, unknown names, no command). */
export async function commandsFor(argv: readonly string[]): Promise<CommandDefinition[]> {
  const name = argv.find((arg) => !arg.startsWith('-'));
  const named = modules.find((module) => name !== undefined && module.names.includes(name));
  return Promise.all((named ? [named] : modules).map((module) => module.load()));
}
