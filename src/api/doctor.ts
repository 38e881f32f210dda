/** `doctor`: can this machine run the tool here? Node version, git, parsers, resolver, tokenizer, write access. */
import { randomBytes } from 'node:crypto';
import { adapters } from '../index/languages/registry.js';
import { countTokens } from '../pack/tokenizer.js';
import { removePath, writeFileAtomic } from '../shared/fs.js';
import { gitAvailable, gitTopLevel } from '../shared/git.js';
import { layout } from '../shared/layout.js';
import { absolutePath, resolveAbsolute } from '../shared/path.js';
import { toolVersion } from '../shared/version.js';

export interface DoctorCheck {
  id: string;
  ok: boolean;
  message: string;
  fix?: string;
}

export interface DoctorReport {
  ok: boolean;
  version: string;
  checks: DoctorCheck[];
}

const MIN_NODE = [20, 11] as const;

export async function runDoctor(directory = '.'): Promise<DoctorReport> {
  const root = resolveAbsolute(directory);
  const checks: DoctorCheck[] = [];
  checks.push(nodeCheck());
  checks.push(await gitCheck(root));
  for (const adapter of adapters) checks.push(await parserCheck(adapter));
  checks.push(await resolverCheck());
  checks.push(tokenizerCheck());
  checks.push(await writableCheck(root));
  return { ok: checks.every((check) => check.ok), version: toolVersion(), checks };
}

function nodeCheck(): DoctorCheck {
  const [major, minor] = process.versions.node.split('.').map(Number) as [number, number];
  const ok = major > MIN_NODE[0] || (major === MIN_NODE[0] && minor >= MIN_NODE[1]);
  return ok
    ? { id: 'node', ok, message: `Node.js ${process.versions.node}` }
    : {
        id: 'node',
        ok,
        message: `Node.js ${process.versions.node} is too old`,
        fix: `install Node.js ${MIN_NODE.join('.')} or newer`,
      };
}

async function gitCheck(root: string): Promise<DoctorCheck> {
  const version = await gitAvailable();
  if (!version)
    return {
      id: 'git',
      ok: false,
      message: 'git not found on PATH',
      fix: 'install git; without it change impact and file listing by .gitignore degrade',
    };
  const top = await gitTopLevel(root);
  return {
    id: 'git',
    ok: true,
    message: `${version}${top ? ` (work tree at ${top})` : ' (this directory is not a git work tree: files are listed by walking it)'}`,
  };
}

async function parserCheck(adapter: (typeof adapters)[number]): Promise<DoctorCheck> {
  const samples: Record<string, { path: string; text: string }> = {
    typescript: { path: 'doctor.ts', text: 'export function ok(): number { return 1; }\n' },
    python: { path: 'doctor.py', text: 'def ok():\n    return 1\n' },
    go: { path: 'doctor.go', text: 'package main\n\nfunc Ok() int { return 1 }\n' },
    rust: { path: 'doctor.rs', text: 'pub fn ok() -> i32 { 1 }\n' },
    java: { path: 'Doctor.java', text: 'public class Doctor { public int ok() { return 1; } }\n' },
  };
  const sample = samples[adapter.id] ?? { path: 'doctor.txt', text: 'ok\n' };
  try {
    await adapter.init?.();
    const facts = adapter.extract(sample);
    const ok = facts.confidence !== 'failed' && facts.symbols.length > 0;
    return ok
      ? {
          id: `parser:${adapter.id}`,
          ok,
          message: `${adapter.id} parser v${adapter.version} loads and parses`,
        }
      : {
          id: `parser:${adapter.id}`,
          ok,
          message: `${adapter.id} parser returned no symbols`,
          fix: 'reinstall dependencies (`npm ci`)',
        };
  } catch (error) {
    return {
      id: `parser:${adapter.id}`,
      ok: false,
      message: `${adapter.id} parser failed to load: ${(error as Error).message}`,
      fix: 'reinstall dependencies (`npm ci`); check that the platform binary of oxc-parser installed',
    };
  }
}

async function resolverCheck(): Promise<DoctorCheck> {
  try {
    const { ResolverFactory } = await import('oxc-resolver');
    new ResolverFactory({});
    return { id: 'resolver', ok: true, message: 'oxc-resolver loads' };
  } catch (error) {
    return {
      id: 'resolver',
      ok: false,
      message: `oxc-resolver failed to load: ${(error as Error).message}`,
      fix: 'reinstall dependencies (`npm ci`)',
    };
  }
}

function tokenizerCheck(): DoctorCheck {
  try {
    const tokens = countTokens('hello world');
    return {
      id: 'tokenizer',
      ok: tokens > 0,
      message: `o200k tokenizer counts (${tokens} tokens for "hello world")`,
    };
  } catch (error) {
    return {
      id: 'tokenizer',
      ok: false,
      message: `tokenizer failed: ${(error as Error).message}`,
      fix: 'reinstall dependencies (`npm ci`)',
    };
  }
}

async function writableCheck(root: string): Promise<DoctorCheck> {
  const probe = absolutePath(root, `${layout.dir}/.doctor-${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFileAtomic(probe, 'ok', root);
    await removePath(probe);
    return { id: 'writable', ok: true, message: `${layout.dir}/ is writable in ${root}` };
  } catch (error) {
    return {
      id: 'writable',
      ok: false,
      message: `cannot write ${layout.dir}/ in ${root}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      fix: 'run from a directory you can write to, or fix its permissions',
    };
  }
}
