/**
 * The hallucination guard: what a change or an agent's messages rely on that the repository does
 * not have — packages nobody declared, files that are not there, names a module does not export,
 * scripts and Make targets that do not exist, config keys no schema knows. Each check is its own
 * file; every finding cites the evidence it was checked against (for a package, the manifests
 * that govern the file and no other). When the evidence is missing (no manifest, a module that
 * did not parse), the guard stays silent rather than guess: false positives teach agents to
 * ignore it.
 */
import type { GuardFinding, GuardReport } from '../types.js';
import { readBuildConfigs } from './build-config.js';
import { checkMessages, checkTrace } from './claims.js';
import { readRunnables } from './commands.js';
import { checkConfigKeys } from './config-keys.js';
import { readDeclaredDependencies, readsDeclaredDependencies } from './dependencies.js';
import { checkImportedNames } from './exported-names.js';
import { readGeneratedJavaTypes } from './generated-code.js';
import { checkImportsOfRemoved, checkMissingModules, checkUndeclaredPackages } from './imports.js';
import type { CheckSink, HallucinationInput } from './input.js';
import { checkRemovedExportUses, removedExportsOf } from './removed-exports.js';

export type { HallucinationInput } from './input.js';

export function checkHallucinations(input: HallucinationInput): GuardReport {
  const sink: CheckSink = {
    findings: [],
    checked: { imports: 0, names: 0, commands: 0, files: 0, configKeys: 0 },
  };
  const byPath = new Map(input.files.map((file) => [file.path, file]));
  const changed = input.changedFiles.filter((path) => input.allFiles.has(path));
  const declared = readDeclaredDependencies(
    input.root,
    [...input.allFiles].filter(readsDeclaredDependencies),
  );
  const configs = readBuildConfigs(input.root, input.allFiles);
  const generated = readGeneratedJavaTypes(input.root, input.allFiles);
  const removed = removedExportsOf(input, byPath);
  for (const path of changed) {
    checkUndeclaredPackages(path, input, declared, configs, sink);
    checkMissingModules(path, input, configs, generated, sink);
    checkImportedNames(path, input, byPath, sink);
    checkRemovedExportUses(path, input, byPath, removed, sink);
    checkConfigKeys(path, input, sink);
  }
  const changedSet = new Set(changed);
  for (const path of [...new Set(input.importers ?? [])].sort()) {
    if (changedSet.has(path) || !input.allFiles.has(path)) continue;
    checkMissingModules(path, input, configs, generated, sink, true);
    checkImportedNames(path, input, byPath, sink);
    checkRemovedExportUses(path, input, byPath, removed, sink);
  }
  checkImportsOfRemoved(input, sink);
  const runnables = readRunnables(input.root);
  if (input.messages) checkMessages(input.messages, input, runnables, sink);
  if (input.trace) checkTrace(input.trace, input, runnables, sink);
  return { guard: 'hallucination', findings: dedupe(sink.findings), checked: sink.checked };
}

function dedupe(findings: GuardFinding[]): GuardFinding[] {
  const seen = new Map<string, GuardFinding>();
  for (const finding of findings) if (!seen.has(finding.id)) seen.set(finding.id, finding);
  return [...seen.values()].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
