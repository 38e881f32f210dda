/**
 * Go, Rust and JVM runners, from go.mod, Cargo.toml (nextest when `.config/nextest.toml` exists),
 * pom.xml and build.gradle(.kts) (through the wrapper when the project ships one).
 */
import type { TestRunnerEntry } from '../../schema.js';
import type { InferenceInput } from '../input.js';
import { hasFile, runnerEntry } from './shared.js';

const JAVA_TESTS = [
  '**/src/test/**/*Test.{java,kt,groovy}',
  '**/src/test/**/*Tests.{java,kt,groovy}',
  '**/src/test/**/Test*.{java,kt,groovy}',
  '**/src/test/**/*TestCase.{java,kt,groovy}',
  '**/src/test/**/*IT.{java,kt,groovy}',
];

export function nativeRunners(input: InferenceInput): TestRunnerEntry[] {
  const runners: TestRunnerEntry[] = [];
  if (input.project.ecosystems.includes('go') || hasFile(input, /^go\.mod$/))
    runners.push(runnerEntry('go', ['**/*_test.go'], 'go test', 'go test ./...'));
  if (input.project.ecosystems.includes('rust') || hasFile(input, /^Cargo\.toml$/)) {
    const nextest = hasFile(input, /^\.config\/nextest\.toml$/);
    runners.push(
      nextest
        ? runnerEntry(
            'nextest',
            ['tests/**/*.rs', '**/tests/**/*.rs'],
            'cargo nextest run',
            'cargo nextest run --workspace',
          )
        : runnerEntry(
            'cargo',
            ['tests/**/*.rs', '**/tests/**/*.rs'],
            'cargo test',
            'cargo test --workspace',
            {
              comment:
                "A crate's integration tests are under its tests/: each tests/x.rs and tests/x/main.rs is a --test target (or the [[test]] targets it declares); the other files are their modules.",
            },
          ),
    );
  }
  if (hasFile(input, /^pom\.xml$/)) {
    const mvn = hasFile(input, /^mvnw$/) ? './mvnw' : 'mvn';
    runners.push(
      runnerEntry('maven', JAVA_TESTS, `${mvn} test`, `${mvn} test`, { exclude: ['**/target/**'] }),
    );
  } else if (hasFile(input, /^(build|settings)\.gradle(\.kts)?$/)) {
    const gradle = hasFile(input, /^gradlew$/) ? './gradlew' : 'gradle';
    runners.push(runnerEntry('gradle', JAVA_TESTS, gradle, `${gradle} test`, { exclude: ['**/build/**'] }));
  }
  return runners;
}
