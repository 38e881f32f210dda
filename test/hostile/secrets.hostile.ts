/**
 * The secret corpus: secrets of every kind planted in tracked and untracked files, a trace, a
 * test report and a lesson; after build, pack, trace, memory and report, no output file and no
 * output shown to a model holds any of them.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CliRun, runCli } from '../helpers/cli.js';
import { builtIndexText } from '../helpers/context.js';
import { makeRepo, makeTempDir, writeTree } from '../helpers/repo.js';
import { JUNIT_REPORT, leaksIn, SECRETS, TRACKED_FILES, UNTRACKED_FILES } from './secret-corpus.js';

const S = SECRETS;

/** Every file below `root` except git's own and the planted inputs, as relative paths. */
function outputFiles(root: string, planted: Set<string>, relative = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(join(root, relative), { withFileTypes: true })) {
    const path = relative ? `${relative}/${entry.name}` : entry.name;
    if (path === '.git') continue;
    if (entry.isDirectory()) files.push(...outputFiles(root, planted, path));
    else if (entry.isFile() && !planted.has(path)) files.push(path);
  }
  return files;
}

function run(root: string, args: string[]): CliRun {
  const result = runCli(args, root, { XDG_CONFIG_HOME: makeTempDir('ocpp-xdg-') });
  expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBeLessThan(2);
  return result;
}

describe('the secret corpus', () => {
  it('no output holds a planted secret: index, pack, trace, memory, AGENTS.md, summary, report', () => {
    const root = makeRepo(TRACKED_FILES);
    writeTree(root, UNTRACKED_FILES);
    const reportDir = makeTempDir('ocpp-junit-');
    writeFileSync(join(reportDir, 'junit.xml'), JUNIT_REPORT);

    const shown: CliRun[] = [];
    shown.push(run(root, ['build', '.']));
    shown.push(run(root, ['pack', 'charge a customer through the billing database connection', '.']));
    shown.push(run(root, ['pack', 'where are the aws credentials and the .env file', '.', '--json']));
    const trace = run(root, ['trace', 'start', 'fix billing', '.', '--json']);
    shown.push(trace);
    const id = (JSON.parse(trace.stdout) as { id: string }).id;
    shown.push(
      run(root, ['trace', 'add', id, '--kind', 'observation', '--message', `deploy token ${S.github.value}`]),
    );
    const script = [
      `console.log("aws_secret_access_key: ${S.awsSecret.value}")`,
      `console.log("bare ${S.awsSecret.value} in a log line near AWS")`,
      `console.log("curl -X POST ${S.slackWebhook.value}")`,
      `console.error("login: password ${S.cliPassword.value}")`,
    ].join(';');
    run(root, ['trace', 'run', id, '--', 'node', '-e', script, `--token=${S.slackToken.value}`]);
    shown.push(run(root, ['trace', 'import', id, join(reportDir, 'junit.xml')]));
    shown.push(run(root, ['trace', 'show', id]));
    shown.push(
      run(root, [
        'memory',
        'add',
        `Billing deploys post to ${S.slackWebhook.value} and sign with AWS secret ${S.awsSecret.value}; load both from the vault, never from src/config.ts or the code`,
      ]),
    );
    shown.push(run(root, ['memory', 'list']));
    shown.push(run(root, ['build', '.']));
    shown.push(run(root, ['report', '.']));
    shown.push(run(root, ['retrieve', 'aws credentials database password', '.', '--json']));

    const planted = new Set([...Object.keys(TRACKED_FILES), ...Object.keys(UNTRACKED_FILES)]);
    const leaks: string[] = [];
    const files = outputFiles(root, planted);
    for (const file of files)
      for (const leak of leaksIn(readFileSync(join(root, file), 'utf8'))) leaks.push(`${file}: ${leak.kind}`);
    for (const [index, result] of shown.entries())
      for (const leak of leaksIn(result.stdout + result.stderr)) leaks.push(`command ${index}: ${leak.kind}`);
    expect(files.length).toBeGreaterThan(10);
    expect(leaks).toEqual([]);
  });

  it('secret files are listed as skipped ("secret"), never read: tracked or not', () => {
    const root = makeRepo(TRACKED_FILES);
    writeTree(root, UNTRACKED_FILES);
    run(root, ['build', '.']);
    const project = JSON.parse(readFileSync(join(root, '.agent-context/project.json'), 'utf8')) as {
      skipped: Array<{ path: string; reason: string }>;
    };
    const index = builtIndexText(root);
    const secretFiles = ['.env', '.env.production', '.npmrc', 'certs/server.key', 'deploy/id_rsa'];
    const skippedAsSecret = project.skipped
      .filter((entry) => entry.reason === 'secret')
      .map((entry) => entry.path);
    expect(skippedAsSecret.sort()).toEqual(secretFiles);
    for (const path of secretFiles) expect(index, path).not.toContain(`"path":"${path}"`);
    expect(index).toContain('"path":"src/config.ts"');
  });
});
