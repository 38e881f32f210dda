// Writes docs/cli.md from the CLI's own --help text, so the reference can never drift from the code.
// Run by `npm run build` (postbuild); a test fails when the committed file is out of date.
import { writeFileSync } from 'node:fs';
import { PassThrough } from 'node:stream';

const { executeCli } = await import('../dist/cli/run.js');

async function help(args) {
  const stdout = new PassThrough();
  let text = '';
  stdout.on('data', (chunk) => (text += chunk));
  await executeCli([...args, '--help'], {
    stdout,
    stderr: new PassThrough(),
    env: { COLUMNS: '100' },
    cwd: process.cwd(),
  });
  return text.trimEnd();
}

export async function renderCliDocs() {
  const top = await help([]);
  const names = [...top.matchAll(/^ {2}([a-z][\w-]*)(?: \[options\])?/gm)]
    .map((match) => match[1])
    .filter((name) => name !== 'help');
  const sections = [
    '# CLI reference',
    '',
    'Generated from `--help` by `scripts/cli-docs.mjs` (run by `npm run build`). Do not edit by hand.',
    '',
    '```text',
    top,
    '```',
    '',
  ];
  for (const name of names) {
    sections.push(`## ${name}`, '', '```text', await help([name]), '```', '');
    const sub = await help([name]);
    for (const subName of [...sub.matchAll(/^Commands:\n((?: {2}.*\n?)+)/gm)].flatMap((block) =>
      [...block[1].matchAll(/^ {2}([a-z][\w-]*)/gm)].map((match) => match[1]),
    )) {
      if (subName === 'help') continue;
      sections.push(`### ${name} ${subName}`, '', '```text', await help([name, subName]), '```', '');
    }
  }
  return `${sections.join('\n').trimEnd()}\n`;
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop())) {
  writeFileSync(new URL('../docs/cli.md', import.meta.url), await renderCliDocs());
}
