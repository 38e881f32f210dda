/**
 * Python package names as the index compares them (PEP 503): lowercased, with each run of `-`,
 * `_` and `.` as one `-`, so `Typing_Extensions`, `typing.extensions` and `typing-extensions`
 * are one package. Manifests, lockfiles and imports are matched through this one rule.
 */
export function normalizePythonName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}
