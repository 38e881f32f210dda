/**
 * Paths an agent must not touch, paths tools generate, commands it must never run. Defaults
 * apply to every repository (a `.env` or CI file added later is still caught); generated paths
 * come from what the scan classified as generated.
 */
import type { SafetyContract } from '../schema.js';
import type { InferenceInput } from './input.js';

const ENV_EXAMPLE = /(^|\/)\.env\.(example|sample|template|dist|defaults)$|(^|\/)env\.example$/;
const GENERATED_DIRS =
  /^(.*?\/)?(dist|build|out|coverage|vendor|third_party|third-party|\.next|\.nuxt|\.svelte-kit|target|__generated__)\//;

export function inferSafety(input: InferenceInput): SafetyContract {
  const envExamples = input.files
    .map((file) => file.path)
    .filter((path) => ENV_EXAMPLE.test(path))
    .sort();
  return {
    schemaVersion: 1,
    comment:
      'Protected and generated paths are globs; forbidden commands are regular expressions on the command line.',
    protected: [
      {
        paths: ['**/.env', '**/.env.*'],
        except: ['**/.env.example', '**/.env.sample', '**/.env.template', '**/.env.dist', '**/.env.defaults'],
        changes: ['added', 'modified', 'deleted'],
        severity: 'forbidden',
        comment: 'Environment files hold secrets; document a new variable in the example file instead.',
      },
      {
        paths: ['**/*.pem', '**/*.key', '**/*.p12', '**/*.pfx', '**/id_rsa*', '**/id_ed25519*'],
        except: [],
        changes: ['added', 'modified', 'deleted'],
        severity: 'forbidden',
        comment: 'Keys and certificates never belong in a change an agent makes.',
      },
      {
        paths: [
          '.github/workflows/**',
          '.gitlab-ci.yml',
          '.circleci/**',
          '.buildkite/**',
          '.ci/**',
          'Jenkinsfile',
          'azure-pipelines.yml',
        ],
        except: [],
        changes: ['added', 'modified', 'deleted'],
        severity: 'risk',
        comment: 'CI decides how every later change is checked: a person reviews changes to it.',
      },
      {
        paths: ['**/migrations/**', 'db/migrate/**', '**/alembic/versions/**'],
        except: [],
        changes: ['modified', 'deleted'],
        severity: 'forbidden',
        comment: 'Applied migrations are history: add a new migration instead of editing or deleting one.',
      },
    ],
    generated: [
      {
        paths: generatedPaths(input),
        except: [],
        severity: 'risk',
        comment: 'Produced by a tool: change the source and regenerate instead of editing by hand.',
      },
    ],
    forbiddenCommands: [
      {
        pattern: '\\bgit\\s+push\\b.*(\\s--force\\b|\\s--force-with-lease\\b|\\s-[a-zA-Z]*f\\b|\\s\\+\\S)',
        comment: "A force push rewrites shared history and can destroy other people's work.",
      },
      {
        pattern:
          '\\brm\\s+(-[a-zA-Z]*\\s+)*-[a-zA-Z]*[rR][a-zA-Z]*\\s+(-[a-zA-Z]*\\s+)*(/|~|\\$HOME|/\\*)(\\s|$)',
        comment: 'Recursive deletion of the root or home directory.',
      },
      {
        pattern:
          '\\b(npm|pnpm|yarn|bun)\\s+publish\\b|\\bcargo\\s+publish\\b|\\btwine\\s+upload\\b|\\bpoetry\\s+publish\\b|\\bgem\\s+push\\b',
        comment: 'Publishing a package is a release decision a person makes.',
      },
    ],
    envExamples,
  };
}

function generatedPaths(input: InferenceInput): string[] {
  const globs = new Set(['dist/**', 'coverage/**']);
  for (const file of input.files) {
    if (file.kind !== 'generated') continue;
    const directory = GENERATED_DIRS.exec(file.path)?.[0];
    globs.add(directory ? `${directory}**` : file.path);
  }
  return [...globs].sort();
}
