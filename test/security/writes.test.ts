/** Hostile repositories, writes: configs and symlinks that try to send our writes outside. */
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/cli.js';
import { makeRepo, makeTempDir } from '../helpers/repo.js';

const source = { 'src/a.ts': 'export const a = 1;\n' };

/** A repository and, beside it, a folder it must never write into. */
function repoWithOutside(files: Record<string, string> = source): { root: string; outside: string } {
  const root = makeRepo(files);
  const outside = makeTempDir('ocpp-outside-');
  writeFileSync(join(outside, 'victim.md'), 'outside text\n');
  return { root, outside };
}

const outsideUntouched = (outside: string) => {
  expect(readdirSync(outside)).toEqual(['victim.md']);
  expect(readFileSync(join(outside, 'victim.md'), 'utf8')).toBe('outside text\n');
};

describe('writes stay inside the repository', () => {
  it('a config whose agentsFile leaves the repository is an error naming the key (exit 2)', () => {
    const { root, outside } = repoWithOutside();
    for (const agentsFile of ['../victim.md', join(outside, 'victim.md'), 'docs/../../victim.md']) {
      writeFileSync(join(root, 'opencode-plusplus.config.json'), JSON.stringify({ context: { agentsFile } }));
      const run = runCli(['build', '.'], root);
      expect(run.code).toBe(2);
      expect(run.stderr).toContain('context.agentsFile');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
    outsideUntouched(outside);
  });

  it.each(['.agent-context', '.agent-context/cache', '.agent-context/contracts'])(
    'refuses a symlinked %s pointing outside',
    (link) => {
      const { root, outside } = repoWithOutside();
      if (link !== '.agent-context') mkdirSync(join(root, '.agent-context'), { recursive: true });
      symlinkSync(outside, join(root, link));
      const build = runCli(['build', '.'], root);
      expect(build.code, build.stderr).toBe(2);
      expect(build.stderr).toContain(`refusing to write through ${link}`);
      outsideUntouched(outside);
    },
  );

  it('refuses an AGENTS.md symlinked outside, and never copies its text', () => {
    const { root, outside } = repoWithOutside();
    symlinkSync(join(outside, 'victim.md'), join(root, 'AGENTS.md'));
    const run = runCli(['build', '.'], root);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('refusing to write through AGENTS.md');
    outsideUntouched(outside);
    expect(existsSync(join(root, '.agent-context/summary.md'))).toBe(false);
  });

  it('writes through an AGENTS.md symlinked inside (CLAUDE.md -> AGENTS.md) and keeps the link', () => {
    const root = makeRepo({ ...source, 'CLAUDE.md': '# Our rules\n' });
    symlinkSync('CLAUDE.md', join(root, 'AGENTS.md'));
    expect(runCli(['build', '.'], root).code).toBe(0);
    expect(lstatSync(join(root, 'AGENTS.md')).isSymbolicLink()).toBe(true);
    const claude = readFileSync(join(root, 'CLAUDE.md'), 'utf8');
    expect(claude.startsWith('# Our rules\n')).toBe(true);
    expect(claude).toContain('<!-- opencode-plusplus:begin -->');
  });
});
