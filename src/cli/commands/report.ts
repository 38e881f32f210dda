import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';
import { jsonOption } from './options.js';

interface ReportFlags extends CommonOptions {
  out?: string;
  open?: boolean;
  format: string;
}

const FORMATS = ['html', 'mermaid', 'dot'] as const;

export const reportCommand: CommandDefinition = (program, context) => {
  program
    .command('report [dir]')
    .summary('one self-contained HTML page: map, readiness, freshness, contracts, runs, lessons')
    .description(
      [
        'Write .agent-context/report.html (or --out): one self-contained HTML file — styles, script and data inline, nothing loaded from the network — that shows the dependency map clustered by folder (packages in Go) with nodes sized by rank, cycles and layer violations marked, pan, zoom, search and the facts of a clicked file; the readiness and freshness verdicts with the files behind them; contract findings by rule with file:line; task runs and orchestrator runs with their iteration timelines; and the lessons served, ignored, proposed and approved. Builds the context first when there is none. The same inputs give the same bytes.',
        '--format mermaid|dot prints the graph alone instead (to stdout, or to --out): file level up to 150 files, folder level above that.',
      ].join('\n\n'),
    )
    .option(
      '--out <file>',
      'write here instead (html default: .agent-context/report.html; mermaid and dot default: stdout)',
    )
    .option('--open', 'open the page in the default browser afterwards')
    .option('--format <format>', 'html | mermaid | dot', 'html')
    .addOption(jsonOption('what was written'))
    .action(async (dir: string | undefined, flags: ReportFlags) =>
      runAction(context, flags, async (bus) => {
        const [{ report, DEFAULT_REPORT_FILE }, { usageError }, { resolveAbsolute }, { writeFileAtomic }] =
          await Promise.all([
            import('../../api/report.js'),
            import('../../shared/errors.js'),
            import('../../shared/path.js'),
            import('../../shared/fs.js'),
          ]);
        const format = FORMATS.find((name) => name === flags.format);
        if (!format) throw usageError(`unknown format "${flags.format}"`, 'use html, mermaid or dot');
        const root = resolveAbsolute(context.io.cwd, dir ?? '.');
        const result = await report(root, { bus, format });
        const out =
          flags.out !== undefined
            ? resolveAbsolute(context.io.cwd, flags.out)
            : format === 'html'
              ? resolveAbsolute(root, DEFAULT_REPORT_FILE)
              : undefined;
        if (out === undefined) {
          context.io.stdout.write(result.content);
          return 0;
        }
        await writeFileAtomic(out, result.content);
        const opened = flags.open ? await openInBrowser(out) : undefined;
        if (flags.json)
          writeJson(context.io, {
            out,
            bytes: Buffer.byteLength(result.content),
            ...result.counts,
            built: result.built,
            ...(opened ? { opened } : {}),
          });
        else {
          const { files, edges, cycles, findings, runs, lessons } = result.counts;
          writeLine(
            context.io.stdout,
            `wrote ${out} (${files} files, ${edges} imports, ${cycles} cycle(s), ${findings} contract finding(s), ${runs} run(s), ${lessons} lesson(s))`,
          );
          if (opened) writeLine(context.io.stdout, opened);
        }
        return 0;
      }),
    );
};

/** Hands the page to the desktop's opener; says so when there is none instead of failing. */
async function openInBrowser(file: string): Promise<string> {
  const { spawn } = await import('node:child_process');
  const [command, args] =
    process.platform === 'darwin'
      ? ['open', [file]]
      : process.platform === 'win32'
        ? ['cmd', ['/c', 'start', '', file]]
        : ['xdg-open', [file]];
  return new Promise((resolve) => {
    const child = spawn(command, args as string[], { detached: true, stdio: 'ignore' });
    child.once('error', () => resolve(`could not run ${command}: open ${file} in a browser`));
    child.once('spawn', () => {
      child.unref();
      resolve(`opened with ${command}`);
    });
  });
}
