/**
 * Every contract rule, one file each. Adding one: write `<rule>.ts` exporting a `ContractRule`,
 * list it here, and add a test in `test/contracts/rules.test.ts`.
 */
import { architectureLayerRule } from './architecture-layer.js';
import { contractEditsRule } from './contract-edits.js';
import { contractPathsRule } from './contract-paths.js';
import { envExampleRule } from './env-example.js';
import { forbiddenCommandRule } from './forbidden-command.js';
import { generatedPathRule } from './generated-path.js';
import { lockfileSyncRule } from './lockfile-sync.js';
import { missingTestRule } from './missing-test.js';
import { moduleBoundaryRule } from './module-boundary.js';
import { protectedPathRule } from './protected-path.js';
import type { ContractRule } from './rule.js';

export const rules: readonly ContractRule[] = [
  architectureLayerRule,
  moduleBoundaryRule,
  protectedPathRule,
  generatedPathRule,
  lockfileSyncRule,
  envExampleRule,
  missingTestRule,
  forbiddenCommandRule,
  contractPathsRule,
  contractEditsRule,
];
