/** A command the contracts tell agents to run matches a forbidden command pattern. */
import type { ContractFinding } from '../types.js';
import { type ContractRule, contractFile, makeFinding } from './rule.js';

export const forbiddenCommandRule: ContractRule = {
  id: 'forbidden-command',
  contract: 'safety',
  description: 'A command in commands.contract.json or test.contract.json matches a forbidden command.',
  needsChanges: false,
  check({ contracts }) {
    const patterns = contracts.safety.forbiddenCommands.map((entry) => ({
      ...entry,
      regex: new RegExp(entry.pattern),
    }));
    const listed: Array<[string, string]> = [];
    for (const [name, entry] of Object.entries(contracts.commands.commands))
      if (entry) listed.push([contractFile('commands'), `commands.${name}: ${entry.command}`]);
    contracts.tests.runners.forEach((runner, index) => {
      listed.push([contractFile('tests'), `runners[${index}].command: ${runner.command}`]);
      listed.push([contractFile('tests'), `runners[${index}].fullCommand: ${runner.fullCommand}`]);
    });
    const findings: ContractFinding[] = [];
    for (const [file, text] of listed) {
      const command = text.slice(text.indexOf(': ') + 2);
      const hit = patterns.find((pattern) => pattern.regex.test(command));
      if (hit)
        findings.push(
          makeFinding(
            this,
            'forbidden',
            file,
            undefined,
            `${text} is a forbidden command`,
            `${hit.comment} Replace the command.`,
          ),
        );
    }
    return findings;
  },
};
