import { Option } from 'commander';
import type { CommandDefinition, CommonOptions } from '../command.js';
import { runAction } from '../command.js';
import { writeJson, writeLine } from '../io.js';

type PolicyOptions = CommonOptions & {
  base?: string;
  trace?: string;
  evidencePolicy?: 'advisory' | 'balanced' | 'strict';
  failOn?: 'forbidden' | 'required' | 'risk';
  strict?: boolean;
  format?: 'text' | 'json' | 'sarif' | 'github' | 'markdown';
};

export const policyCommand: CommandDefinition = (program, context) => {
  program
    .command('policy [dir]')
    .summary('the gate: may this change close?')
    .description(
      'Merge the diff, contract findings, context freshness and trace evidence into findings: forbidden (edits to protected paths, forbidden commands in the trace), required (missing test evidence, stale context, failing contracts), risk (large diff, sensitive paths such as auth, payment, security, session; dependency changes). --fail-on sets how hard it gates: forbidden only; required (the default, for PR checks); risk (everything, same as --strict, for release gates). Exit code 1 when the gate fails.',
    )
    .option(
      '--base <ref>',
      'measure the change against this ref (default: merge-base with main/master, else HEAD)',
    )
    .option('--trace <id>', 'the trace whose evidence proves the change')
    .addOption(
      new Option(
        '--evidence-policy <policy>',
        'how much proof closes a requirement (default: policy.evidence in the config, balanced)',
      ).choices(['advisory', 'balanced', 'strict']),
    )
    .addOption(
      new Option(
        '--fail-on <severity>',
        'what fails the gate (default: policy.failOn in the config, required)',
      ).choices(['forbidden', 'required', 'risk']),
    )
    .option('--strict', 'same as --fail-on risk')
    .addOption(
      new Option('--format <format>', 'output format')
        .choices(['text', 'json', 'sarif', 'github', 'markdown'])
        .default('text'),
    )
    .option('--json', 'same as --format json')
    .action(async (dir: string | undefined, options: PolicyOptions) =>
      runAction(
        context,
        { ...options, json: options.json || options.format === 'json' || options.format === 'sarif' },
        async (bus) => {
          const { policy } = await import('../../api/policy.js');
          const failOn = options.strict ? 'risk' : options.failOn;
          const report = await policy(dir ?? '.', {
            bus,
            ...(options.base ? { base: options.base } : {}),
            ...(options.trace ? { traceId: options.trace } : {}),
            ...(options.evidencePolicy ? { evidencePolicy: options.evidencePolicy } : {}),
            ...(failOn ? { failOn } : {}),
          });
          const format = options.json ? 'json' : options.format;
          const render = await import('../../report/policy.js');
          if (format === 'json') writeJson(context.io, report);
          else if (format === 'sarif')
            writeJson(
              context.io,
              render.formatPolicySarif(
                report,
                options.trace ? `.agent-context/traces/${options.trace}.json` : undefined,
              ),
            );
          else if (format === 'github') context.io.stdout.write(render.formatPolicyGithub(report));
          else if (format === 'markdown') context.io.stdout.write(render.formatPolicyMarkdown(report));
          else writeLine(context.io.stdout, render.formatPolicyText(report));
          return report.passed ? 0 : 1;
        },
      ),
    );
};
