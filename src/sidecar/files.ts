/**
 * The running sidecar's files under `.agent-context/sidecar/` (machine-local: the folder carries
 * its own `.gitignore` of `*`): the lock that keeps it one per repository, `sidecar.json` saying
 * where it listens, and the bearer token, readable by its owner only.
 */
import { randomBytes } from 'node:crypto';
import { promises as fsp } from 'node:fs';
import { OcppError } from '../shared/errors.js';
import { readJsonIfExists, removePath, writeFileAtomic, writeJsonAtomic } from '../shared/fs.js';
import { layout } from '../shared/layout.js';
import { acquireLock } from '../shared/lock.js';
import { absolutePath } from '../shared/path.js';

export const SIDECAR_DIR = `${layout.dir}/sidecar`;
export const SIDECAR_SCHEMA_VERSION = 1;

export interface SidecarInfo {
  schemaVersion: number;
  url: string;
  pid: number;
  tokenFile: string;
  startedAt: string;
}

export function sidecarPaths(root: string) {
  const dir = absolutePath(root, SIDECAR_DIR);
  return {
    dir,
    lock: `${dir}/sidecar.lock`,
    info: `${dir}/sidecar.json`,
    token: `${dir}/token`,
    gitignore: `${dir}/.gitignore`,
  };
}

/** Takes the repository's sidecar lock, or says where the sidecar that holds it runs. */
export async function claimRepository(root: string): Promise<() => Promise<void>> {
  const paths = sidecarPaths(root);
  await writeFileAtomic(paths.gitignore, '# the running sidecar: lock, address, token (machine-local)\n*\n');
  try {
    // A dead holder on this machine is replaced at once (kill -9); the heartbeat age only matters across machines.
    return await acquireLock(paths.lock, { waitMs: 0, staleMs: 300_000, purpose: 'a sidecar' });
  } catch (error) {
    if ((error as OcppError).code !== 'LOCKED') throw error;
    const running = await readSidecarInfo(root).catch(() => undefined);
    throw new OcppError('LOCKED', `a sidecar already runs for ${root}`, {
      hint: running
        ? `it listens on ${running.url} (pid ${running.pid}, token in ${running.tokenFile}); stop it first`
        : 'it is starting up; stop it first (SIGINT or SIGTERM)',
    });
  }
}

export async function readSidecarInfo(root: string): Promise<SidecarInfo | undefined> {
  const file = sidecarPaths(root).info;
  return (await readJsonIfExists(file, `${SIDECAR_DIR}/sidecar.json`)) as SidecarInfo | undefined;
}

export async function writeSidecarInfo(
  root: string,
  info: Omit<SidecarInfo, 'schemaVersion'>,
): Promise<void> {
  await writeJsonAtomic(sidecarPaths(root).info, { schemaVersion: SIDECAR_SCHEMA_VERSION, ...info });
}

/** A fresh token per start, written atomically to a file only its owner can read (0600). */
export async function createToken(root: string): Promise<{ token: string; file: string }> {
  const token = randomBytes(32).toString('base64url');
  const file = sidecarPaths(root).token;
  // shared/fs writes 0644: a secret must never be readable by others, not even for a moment.
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const handle = await fsp.open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(`${token}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fsp.rename(temporary, file);
  return { token, file };
}

/** What a clean stop leaves: no address and no token of a sidecar that no longer runs. */
export async function removeSidecarFiles(root: string): Promise<void> {
  const paths = sidecarPaths(root);
  await Promise.all([removePath(paths.info), removePath(paths.token)]);
}
