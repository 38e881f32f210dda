/**
 * Contracts that name paths which no longer exist: a layer, a runner or an example file that
 * matches nothing checks nothing. (Boundary rules are regular expressions that may be written
 * ahead of the folders they guard, so they are not checked here.)
 */
import { globMatcher } from '../../shared/glob.js';
import type { ContractFinding } from '../types.js';
import { type ContractRule, contractFile, makeFinding } from './rule.js';

export const contractPathsRule: ContractRule = {
  id: 'contract-paths',
  contract: 'architecture',
  description: 'A contract refers to paths that match no file in the repository.',
  needsChanges: false,
  check({ contracts, paths }) {
    const all = [...paths];
    const matchesNothing = (globs: readonly string[]) =>
      globs.filter((glob) => {
        const matches = globMatcher([glob]);
        return !all.some((path) => matches(path));
      });
    const findings: ContractFinding[] = [];
    const report = (name: 'architecture' | 'tests' | 'safety', key: string, what: string) =>
      findings.push(
        makeFinding(
          { id: this.id, contract: name },
          'risk',
          contractFile(name),
          undefined,
          `${key}: ${what}`,
          'Update the path (was it moved or renamed?) or remove the entry.',
        ),
      );
    contracts.architecture.layers.forEach((layer, index) => {
      for (const glob of matchesNothing(layer.paths))
        report('architecture', `layers[${index}] "${layer.name}"`, `"${glob}" matches no file`);
    });
    contracts.tests.runners.forEach((runner, index) => {
      if (matchesNothing(runner.include).length === runner.include.length)
        report('tests', `runners[${index}] (${runner.runner}).include`, 'matches no file');
    });
    for (const glob of matchesNothing(contracts.tests.requireTestChange.paths))
      report('tests', 'requireTestChange.paths', `"${glob}" matches no file`);
    contracts.safety.envExamples.forEach((file, index) => {
      if (!paths.has(file)) report('safety', `envExamples[${index}]`, `${file} does not exist`);
    });
    return findings;
  },
};
