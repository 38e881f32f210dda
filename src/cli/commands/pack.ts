import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson } from '../io.js';
import { budgetOf, budgetOption, jsonOption, verboseOption } from './options.js';

interface PackFlags extends CommonOptions {
  budget?: string;
  out?: string;
}

const description = `Fit the files for a task into a token budget: each file whole, as a skeleton (signatures and doc
lines with line numbers) or as one line, chosen to give the agent the most within the budget.
Lessons from .agent-context/memory/ that match the task come with it (and are recorded as served).
Prints pack.md (Markdown) or, with --json, the files, tests, lessons, budget and tokens used.
Builds or refreshes the context first when it is missing or stale (said on stderr).`;

export const packCommand: CommandDefinition = (program, context) => {
  program
    .command('pack <task> [dir]')
    .summary('the files for a task fitted into a token budget, with lessons')
    .description(description)
    .addOption(budgetOption())
    .option('--out <file>', 'also write the Markdown to this file')
    .addOption(jsonOption('the pack'))
    .addOption(verboseOption())
    .action(async (task: string, dir: string | undefined, options: PackFlags) =>
      runAction(context, options, async (bus) => {
        const { parseOutputFile } = await import('../parse.js');
        const { pack, packMarkdown } = await import('../../api/retrieval.js');
        const budget = await budgetOf(options);
        const out = options.out ? await parseOutputFile(context.io.cwd, options.out, '--out') : undefined;
        const result = await pack(task, dir ?? '.', { bus, ...budget });
        const markdown = packMarkdown(result);
        if (out) {
          const { writeFileAtomic } = await import('../../shared/fs.js');
          await writeFileAtomic(out, markdown);
        }
        if (options.json) writeJson(context.io, result);
        else context.io.stdout.write(markdown);
        for (const note of result.notes) bus.log('warn', note);
        return 0;
      }),
    );
};
