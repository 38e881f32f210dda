/**
 * Test runners by id. Adding one: its id in `TEST_RUNNERS` (contracts/schema.ts), detection in
 * contracts/infer/tests.ts, a `<runner>.ts` here and a line below.
 */
import type { TestRunnerId } from '../../contracts/index.js';
import { cargoCommands } from './cargo.js';
import { goCommands } from './go.js';
import { jestCommands } from './jest.js';
import { mochaCommands } from './mocha.js';
import { nodeTestCommands } from './node-test.js';
import { pytestCommands } from './pytest.js';
import type { RunnerCommands } from './runner.js';
import { vitestCommands } from './vitest.js';

export const runners: Readonly<Record<TestRunnerId, RunnerCommands>> = {
  vitest: vitestCommands,
  jest: jestCommands,
  mocha: mochaCommands,
  'node-test': nodeTestCommands,
  pytest: pytestCommands,
  go: goCommands,
  cargo: cargoCommands,
};
