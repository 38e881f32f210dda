/**
 * Test runners by id: how each runs a chosen set narrowly. Adding one: its id in `TEST_RUNNERS`
 * (contracts/schema.ts), detection in contracts/infer/runners/, a `<runner>.ts` here when it
 * does not simply take files, and a line below.
 */
import type { TestRunnerId } from '../../contracts/index.js';
import { cargoCommands, nextestCommands } from './cargo.js';
import { goCommands } from './go.js';
import { gradleCommands, mavenCommands } from './jvm.js';
import { jestCommands, mochaCommands, nodeTestCommands, vitestCommands } from './name-filter.js';
import { pytestCommands, unittestCommands } from './python.js';
import { fileRunner, type RunnerCommands } from './runner.js';
import { uvuCommands } from './uvu.js';

export const runners: Readonly<Record<TestRunnerId, RunnerCommands>> = {
  vitest: vitestCommands,
  jest: jestCommands,
  mocha: mochaCommands,
  'node-test': nodeTestCommands,
  tap: fileRunner('tap'),
  ava: fileRunner('ava'),
  borp: fileRunner('borp'),
  uvu: uvuCommands,
  tstyche: fileRunner('tstyche'),
  playwright: fileRunner('playwright'),
  // bun test treats a bare word as a name filter; a ./ path is a file.
  bun: fileRunner('bun', './'),
  pytest: pytestCommands,
  unittest: unittestCommands,
  go: goCommands,
  cargo: cargoCommands,
  nextest: nextestCommands,
  maven: mavenCommands,
  gradle: gradleCommands,
};
