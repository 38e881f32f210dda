/**
 * Code in the change reads an environment variable that it did not read before and that no
 * example file (`.env.example`) lists. Active only when the safety contract names example files.
 */
import { touchesOf } from '../types.js';
import { type ContractRule, makeFinding } from './rule.js';

/** Variables every platform sets: never expected in an example file. */
const AMBIENT = new Set([
  'CI',
  'HOME',
  'PATH',
  'PWD',
  'USER',
  'SHELL',
  'TERM',
  'TMPDIR',
  'TEMP',
  'TMP',
  'LANG',
  'NODE_ENV',
  'NODE_OPTIONS',
  'DEBUG',
  'TZ',
  'HOSTNAME',
  'GITHUB_ACTIONS',
]);

export const envExampleRule: ContractRule = {
  id: 'env-example',
  contract: 'safety',
  description: 'Code reads a new environment variable that the example env file does not list.',
  needsChanges: true,
  async check({ contracts, changes, contents, files }) {
    const examples = contracts.safety.envExamples;
    if (examples.length === 0 || !changes) return [];
    const documented = new Set<string>();
    for (const example of examples) {
      const text = (await contents?.after(example)) ?? '';
      for (const match of text.matchAll(/^\s*(?:export\s+)?#?\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/gm))
        documented.add(match[1]!);
    }
    const byPath = new Map(files.map((file) => [file.path, file]));
    const findings = [];
    for (const touch of touchesOf(changes.files)) {
      const reads = touch.action === 'deleted' ? undefined : byPath.get(touch.path)?.env;
      if (!reads || reads.length === 0) continue;
      const before =
        touch.action === 'added' && !touch.change.previousPath
          ? ''
          : ((await contents?.before(touch.change.previousPath ?? touch.path)) ?? '');
      const reported = new Set<string>();
      for (const read of reads) {
        if (AMBIENT.has(read.name) || documented.has(read.name) || reported.has(read.name)) continue;
        if (new RegExp(`\\b${read.name}\\b`).test(before)) continue;
        reported.add(read.name);
        findings.push(
          makeFinding(
            this,
            'required',
            touch.path,
            read.line,
            `reads the new environment variable ${read.name}, which ${examples.join(', ')} does not list`,
            `Add \`${read.name}=\` with a safe example value and a comment to ${examples[0]}.`,
          ),
        );
      }
    }
    return findings;
  },
};
