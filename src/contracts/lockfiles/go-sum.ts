/**
 * go.sum: one line per module version, `<module> <version> h1:<hash>`, and one for its go.mod,
 * `<module> <version>/go.mod h1:<hash>`. Go records the go.mod hash of every version whose code
 * it hashed, so a code line without its go.mod line is a version typed in by hand, as is a code
 * hash that belonged to another version; a line that is not of that shape is a broken edit.
 */
import type { LockfileInput } from './input.js';

const LINE = /^(\S+) (v\d+\.\d+\.\d+[^\s/]*)(\/go\.mod)? h1:[A-Za-z0-9+/]{43}=$/;

export function goSumProblems(input: LockfileInput): string[] {
  const known = new Set((input.before ?? '').split('\n'));
  const lines = input.after.split('\n').filter((line) => line.trim() !== '');
  const modFiles = new Set<string>();
  for (const line of lines) {
    const match = LINE.exec(line);
    if (match?.[3]) modFiles.add(`${match[1]} ${match[2]}`);
  }
  const hashOwner = new Map<string, string>();
  for (const line of known) {
    const [module, version, hash] = line.split(' ');
    // A go.mod hash repeats across versions whose go.mod is the same file; a code hash never does.
    if (hash && !version?.endsWith('/go.mod')) hashOwner.set(hash, `${module} ${version}`);
  }
  const problems: string[] = [];
  for (const line of lines.filter((entry) => !known.has(entry))) {
    const match = LINE.exec(line);
    const [module, version, hash] = line.split(' ');
    const owner = hash ? hashOwner.get(hash) : undefined;
    if (!match) {
      problems.push(`"${line.slice(0, 80)}" is not a line of the form "module version h1:hash"`);
      continue;
    }
    if (owner && owner !== `${module} ${version}`)
      problems.push(`${module} ${version} carries the hash of ${owner}`);
    if (!match[3] && !modFiles.has(`${match[1]} ${match[2]}`))
      problems.push(`${match[1]} ${match[2]} has a hash but no go.mod hash, which go always records with it`);
  }
  return problems;
}
