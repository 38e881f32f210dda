import { baseName, directoryOf } from '../../shared/path.js';
import { type RunnerCommands, shellQuote } from './runner.js';

/**
 * Cargo runs test targets: an integration test `tests/name.rs` is `--test name`, per crate
 * (`--manifest-path` for a crate below the root).
 */
export const cargoCommands: RunnerCommands = {
  id: 'cargo',
  commandFor: (entry, tests) => {
    const byCrate = new Map<string, string[]>();
    for (const test of tests) {
      const crate = directoryOf(directoryOf(test));
      byCrate.set(crate, [...(byCrate.get(crate) ?? []), baseName(test).replace(/\.rs$/, '')]);
    }
    return [...byCrate.keys()]
      .sort()
      .map((crate) => {
        const manifest = crate ? ['--manifest-path', shellQuote(`${crate}/Cargo.toml`)] : [];
        const targets = byCrate
          .get(crate)!
          .sort()
          .flatMap((name) => ['--test', shellQuote(name)]);
        return [entry.command, ...manifest, ...targets].join(' ');
      })
      .join(' && ');
  },
};
