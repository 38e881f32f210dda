import type { Command } from 'commander';
import type { CommandContext, CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';
import { parseCount, parseRepository } from '../parse.js';
import { jsonOption } from './options.js';

interface MemoryFlags extends CommonOptions {
  dir?: string;
}

type Api = typeof import('../../api/memory.js');
type Report = typeof import('../../report/memory.js');

const description = [
  'The lesson store in .agent-context/memory/, committed and readable by people: MEMORY.md lists one "[lesson L-NNNN] text" per line, lessons/L-NNNN.md holds each lesson\'s facts, YYYY-MM-DD.md notes say what was saved or declined and why, proposals/ holds skill proposals awaiting "memory approve", served.jsonl records which lessons were served where.',
  'Every verb takes the repository as its last argument, [dir] (default: the current directory; -C <dir> also names it).',
  'Writes take a lock; a file changed on disk since it was read is never overwritten (both versions are saved under conflicts/ and the command exits 2). Every write is scanned for secrets.',
].join('\n\n');

/** Said when a [dir] does not exist: it may be the second word of an unquoted text. */
const QUOTE_HINT =
  'the repository is the argument after the text: quote a text of several words ("use pnpm")';

/**
 * Adds one `memory <verb> … [dir]` subcommand (the repository last, `-C/--dir` as its alias) whose
 * action gets the API, the report module, the repository and its flags and other arguments.
 */
function verb<Flags extends MemoryFlags>(
  parent: Command,
  context: CommandContext,
  signature: string,
  summary: string,
  run: (
    api: Api,
    report: Report,
    root: string,
    flags: Flags,
    ...args: Array<string | undefined>
  ) => Promise<{ value: unknown; text: string; exitCode?: number }>,
): Command {
  return parent
    .command(`${signature} [dir]`)
    .description(summary)
    .option('-C, --dir <dir>', 'the repository, as the [dir] argument (default: the current directory)')
    .addOption(jsonOption('the result'))
    .action(async (...args: unknown[]) => {
      const command = args.at(-1) as Command;
      const flags = command.opts() as Flags;
      const positional = args.slice(0, -2) as Array<string | undefined>;
      const dir = positional.pop();
      await runAction(context, flags, async () => {
        const [api, report] = await Promise.all([
          import('../../api/memory.js'),
          import('../../report/memory.js'),
        ]);
        const takesText = /\[(text|query)\]/.test(signature);
        const root = await parseRepository(
          context.io.cwd,
          { dir, alias: flags.dir },
          takesText ? QUOTE_HINT : undefined,
        );
        const outcome = await run(api, report, root, flags, ...positional);
        if (flags.json) writeJson(context.io, outcome.value);
        else writeLine(context.io.stdout, outcome.text);
        return outcome.exitCode ?? 0;
      });
    });
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export const memoryCommand: CommandDefinition = (program, context) => {
  const memory = program
    .command('memory')
    .summary('the lesson store: list, show, search, add, approve, reject, forget, served')
    .description(description);
  verb<MemoryFlags & { all?: boolean }>(
    memory,
    context,
    'list',
    'list live lessons and open proposals',
    async (api, report, root, flags) => {
      const listing = await api.memoryList(root, { all: Boolean(flags.all) });
      return { value: listing, text: report.formatListing(listing) };
    },
  ).option('--all', 'include forgotten lessons and decided proposals');

  verb(
    memory,
    context,
    'show <id>',
    'show a lesson (L-0007) or a proposal (P-0002)',
    async (api, report, root, _flags, id) => {
      const item = await api.memoryShow(id!, root);
      return { value: item, text: report.formatItem(item) };
    },
  );

  verb<MemoryFlags & { path?: string[]; limit?: string }>(
    memory,
    context,
    'search [query]',
    'lessons whose scope matches --path or whose text shares words with the query, with the reason',
    async (api, report, root, flags, query) => {
      const result = await api.memorySearch(query ?? '', root, {
        paths: flags.path ?? [],
        ...(flags.limit !== undefined ? { limit: parseCount(flags.limit, '--limit') } : {}),
      });
      return { value: result, text: report.formatSearch(result) };
    },
  )
    .option('--path <path>', 'a repository-relative path the task touches (repeatable)', collect)
    .option('--limit <n>', 'most lessons shown', '20');

  verb<
    MemoryFlags & {
      kind?: string;
      scope?: string[];
      proposal?: string;
      expectHash?: string;
      file?: string;
      session?: string;
    }
  >(
    memory,
    context,
    'add [text]',
    'save a lesson (or, with --proposal, file a skill proposal)',
    async (api, report, root, flags, words) => {
      const text = await lessonText(context, flags.file, words);
      const result = await api.memoryAdd(text, root, {
        ...(flags.kind ? { kind: flags.kind } : {}),
        scope: flags.scope ?? [],
        ...(flags.proposal !== undefined ? { proposal: flags.proposal } : {}),
        ...(flags.expectHash ? { expectHash: flags.expectHash } : {}),
        ...(flags.session ? { session: flags.session } : {}),
      });
      return { value: result, text: report.formatAdd(result) };
    },
  )
    .option(
      '--kind <kind>',
      '1 preference, 2 method, 3 quality-bar, 4 tool-belief, 5 project-belief (default), 6 modelling-error',
    )
    .option(
      '--scope <glob>',
      'files the lesson is about (repeatable; default: the whole repository)',
      collect,
    )
    .option('--proposal <title>', 'file the text as a skill proposal with this title')
    .option('--file <path>', 'read the text from a file instead of the [text] argument')
    .option('--session <id>', 'the session the lesson comes from (default: cli)')
    .option('--expect-hash <hash>', "refuse if MEMORY.md's hash (from memory list --json) changed since");

  verb<MemoryFlags & { force?: boolean }>(
    memory,
    context,
    'approve <id>',
    'apply a skill proposal',
    async (api, report, root, flags, id) => {
      const proposal = await api.memoryApprove(id!, root, { force: Boolean(flags.force) });
      return { value: proposal, text: report.formatProposal(proposal) };
    },
  ).option('--force', 'approve a quarantined proposal (after reading it)');

  verb<MemoryFlags & { reason: string }>(
    memory,
    context,
    'reject <id>',
    'reject a skill proposal',
    async (api, report, root, flags, id) => {
      const proposal = await api.memoryReject(id!, flags.reason, root);
      return { value: proposal, text: report.formatProposal(proposal) };
    },
  ).option('--reason <text>', 'why', 'rejected by a person');

  verb<MemoryFlags & { reason: string }>(
    memory,
    context,
    'forget <id>',
    'remove a lesson from MEMORY.md (its file is kept, marked forgotten)',
    async (api, report, root, flags, id) => {
      const lesson = await api.memoryForget(id!, flags.reason, root);
      return { value: lesson, text: report.formatItem({ type: 'lesson', lesson }) };
    },
  ).option('--reason <text>', 'why', 'forgotten by a person');

  verb<MemoryFlags & { lesson?: string; session?: string; limit?: string }>(
    memory,
    context,
    'served',
    'which lessons were served to which session or file, when',
    async (api, report, root, flags) => {
      const result = await api.memoryServed(root, {
        ...(flags.lesson ? { lesson: flags.lesson } : {}),
        ...(flags.session ? { session: flags.session } : {}),
        ...(flags.limit !== undefined ? { limit: parseCount(flags.limit, '--limit') } : {}),
      });
      return { value: result, text: report.formatServed(result) };
    },
  )
    .option('--lesson <id>', 'only records that served this lesson')
    .option('--session <id>', 'only records of this session')
    .option('--limit <n>', 'the most recent N records');
};

/** The lesson's text: the [text] argument or the --file it is read from, never both. */
async function lessonText(
  context: CommandContext,
  file: string | undefined,
  text: string | undefined,
): Promise<string> {
  if (file === undefined) return text ?? '';
  if (text !== undefined)
    throw (await import('../../shared/errors.js')).usageError(
      `--file ${file} and a text "${text}": give one`,
      'with --file, name the repository with -C <dir>',
    );
  return readTextArgument(context, file);
}

async function readTextArgument(context: CommandContext, file: string): Promise<string> {
  const { readText } = await import('../../shared/fs.js');
  const { resolveAbsolute } = await import('../../shared/path.js');
  const { inputError } = await import('../../shared/errors.js');
  try {
    return await readText(resolveAbsolute(context.io.cwd, file));
  } catch (error) {
    throw inputError(`cannot read: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`, {
      file,
    });
  }
}
