/**
 * Imports that cannot work: a package no governing manifest declares (changed files only: an old
 * undeclared import is not this change's doing), and a relative import that resolves to no file
 * (changed files and the importers of what the change touched, moved or deleted).
 */
import { findingId } from '../types.js';
import { type DeclaredDependencies, governingManifests, isDeclared } from './dependencies.js';
import type { CheckSink, HallucinationInput } from './input.js';
import { nearestFile } from './nearest.js';

export function checkUndeclaredPackages(
  path: string,
  input: HallucinationInput,
  declared: DeclaredDependencies,
  sink: CheckSink,
): void {
  for (const edge of input.graph.edges) {
    if (edge.from !== path || !edge.external) continue;
    const [ecosystem, ...rest] = edge.to.split(':');
    const name = rest.join(':');
    if (ecosystem === 'builtin' || ecosystem === 'url' || !ecosystem) continue;
    sink.checked.imports++;
    const governing = governingManifests(declared, ecosystem, path);
    if (governing.length === 0 || isDeclared(declared, ecosystem, name, path)) continue;
    sink.findings.push({
      id: findingId('hallucination', 'undeclared-package', path, name),
      guard: 'hallucination',
      rule: 'undeclared-package',
      severity: 'block',
      message: `${path} imports "${edge.specifier}", but ${governing.join(' and ')} ${governing.length === 1 ? 'does' : 'do'} not declare ${name}.`,
      file: path,
      line: edge.line,
      evidence: governing.map(
        (manifest) =>
          `${manifest}: ${declared.byManifest.get(manifest)!.names.size} declared name(s), ${name} not among them`,
      ),
      requiredAction: 'repair',
    });
  }
}

export function checkMissingModules(
  path: string,
  input: HallucinationInput,
  sink: CheckSink,
  importer = false,
): void {
  for (const entry of input.graph.unresolved) {
    if (entry.from !== path || entry.reason !== 'not-found') continue;
    sink.checked.imports++;
    const near = nearestFile(entry.specifier, input.allFiles);
    sink.findings.push({
      id: findingId('hallucination', 'missing-module', path, entry.specifier),
      guard: 'hallucination',
      rule: 'missing-module',
      severity: 'block',
      message: `${path}${importer ? ' (not changed, but it imported what this change moved or removed)' : ''} imports "${entry.specifier}", which resolves to no file in the repository${near ? ` (did you mean ${near}?)` : ''}.`,
      file: path,
      line: entry.line,
      evidence: [`resolution: ${entry.detail ?? 'no file matches'}`],
      requiredAction: 'repair',
    });
  }
}
