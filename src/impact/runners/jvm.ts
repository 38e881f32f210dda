import { groupBy, type RunnerCommands, shellQuote } from './runner.js';

/** The class a test file declares, by its path below src/test/<language>/. */
function className(path: string): { simple: string; qualified: string } {
  const below = /src\/test\/[^/]+\/(.+)\.[^.]+$/.exec(path)?.[1] ?? path.replace(/\.[^./]+$/, '');
  return { simple: below.slice(below.lastIndexOf('/') + 1), qualified: below.replace(/\//g, '.') };
}

function moduleDir(path: string): string {
  const index = path.indexOf('src/test/');
  return index <= 0 ? '' : path.slice(0, index - 1);
}

/** Maven Surefire: `mvn -pl module -Dtest=ATest,BTest test`, one command per module. */
export const mavenCommands: RunnerCommands = {
  id: 'maven',
  commandsFor: (entry, tests) =>
    groupBy(tests, moduleDir).map(([module, files]) => {
      const classes = files.map((file) => className(file).simple).sort();
      const [program, ...goals] = entry.command.split(' ');
      return [
        program,
        ...(module ? ['-pl', shellQuote(module)] : []),
        shellQuote(`-Dtest=${classes.join(',')}`),
        '-Dsurefire.failIfNoSpecifiedTests=false',
        ...goals,
      ].join(' ');
    }),
};

/** Gradle: `./gradlew :module:test --tests pkg.ATest`, one command per project. */
export const gradleCommands: RunnerCommands = {
  id: 'gradle',
  commandsFor: (entry, tests) =>
    groupBy(tests, moduleDir).map(([module, files]) => {
      const task = module ? `:${module.replace(/\//g, ':')}:test` : 'test';
      const selectors = files.sort().flatMap((file) => ['--tests', shellQuote(className(file).qualified)]);
      return [entry.command, task, ...selectors].join(' ');
    }),
};
