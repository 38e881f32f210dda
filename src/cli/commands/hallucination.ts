import type { CommandDefinition, CommonOptions } from '../command.js';
import { printResult, runAction } from '../command.js';
import { jsonOption } from './options.js';

export const hallucinationCommand: CommandDefinition = (program, context) => {
  program
    .command('hallucination [dir]')
    .summary('check a change and an agent’s claims against the repository')
    .description(
      'Check the working tree’s changes (every file that differs from HEAD) and what an agent says it did against repository evidence: imports of packages no manifest declares or of files that do not exist, imported names the target module does not export, npm scripts and Make targets that do not exist, files claimed as edited that are not there, config keys no schema knows. Each finding cites what it was checked against. Exit 1 when a blocking finding exists.',
    )
    .option('--trace <id>', 'also check this trace’s commands and edit steps')
    .option(
      '--message-file <file>',
      'the agent’s messages (its final answer or a transcript excerpt) to check',
    )
    .option('--files <paths...>', 'check these changed files instead of everything that differs from HEAD')
    .addOption(jsonOption('the report'))
    .action(
      async (
        dir: string | undefined,
        options: CommonOptions & { trace?: string; messageFile?: string; files?: string[] },
      ) =>
        runAction(context, options, async (bus) => {
          const { hallucination } = await import('../../api/guards.js');
          const messages = options.messageFile ? await readMessages(options.messageFile) : undefined;
          const report = await hallucination(dir ?? '.', {
            bus,
            ...(options.trace ? { traceId: options.trace } : {}),
            ...(messages !== undefined ? { messages } : {}),
            ...(options.files ? { changedFiles: options.files.flatMap((entry) => entry.split(',')) } : {}),
          });
          await printResult(context, options, report, async () =>
            (await import('../../report/guards.js')).formatGuardReport(report),
          );
          return report.findings.some((finding) => finding.severity === 'block') ? 1 : 0;
        }),
    );
};

async function readMessages(file: string): Promise<string> {
  const { readTextIfExists } = await import('../../shared/fs.js');
  const text = await readTextIfExists(file);
  if (text === undefined)
    throw (await import('../../shared/errors.js')).usageError(`cannot read --message-file ${file}`);
  return text;
}
