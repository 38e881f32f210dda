/** Every command, one file each. Adding one: write `<name>.ts` exporting a `CommandDefinition`, list it here. */
import type { CommandDefinition } from '../command.js';
import { benchmarkCommand } from './benchmark.js';
import { buildCommand } from './build.js';
import { validateContractsCommand } from './contracts.js';
import { deltaCommand } from './delta.js';
import { diffCommand } from './diff.js';
import { doctorCommand } from './doctor.js';
import { driftCommand } from './drift.js';
import { evolveCommand } from './evolve.js';
import { explainCommand } from './explain.js';
import { freshnessCommand } from './freshness.js';
import { hallucinationCommand } from './hallucination.js';
import { hookCommand } from './hook.js';
import { impactCommand } from './impact.js';
import { initCommand } from './init.js';
import { installCommand } from './install.js';
import { loopCommand } from './loop.js';
import { memoryCommand } from './memory.js';
import { packCommand } from './pack.js';
import { policyCommand } from './policy.js';
import { ragCommand } from './rag.js';
import { reflectCommand } from './reflect.js';
import { regressionCommand } from './regression.js';
import { retrieveCommand } from './retrieve.js';
import { statusCommand } from './status.js';
import { taskCommands } from './task.js';
import { traceCommand } from './trace.js';
import { uninstallCommand } from './uninstall.js';
import { verifyCommand } from './verify.js';

export const commands: readonly CommandDefinition[] = [
  initCommand,
  buildCommand,
  statusCommand,
  freshnessCommand,
  driftCommand,
  deltaCommand,
  evolveCommand,
  diffCommand,
  traceCommand,
  loopCommand,
  hallucinationCommand,
  regressionCommand,
  explainCommand,
  doctorCommand,
  reflectCommand,
  memoryCommand,
  validateContractsCommand,
  impactCommand,
  verifyCommand,
  policyCommand,
  hookCommand,
  installCommand,
  uninstallCommand,
  retrieveCommand,
  packCommand,
  ragCommand,
  taskCommands,
  benchmarkCommand,
];
