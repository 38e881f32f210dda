/**
 * The secret scan every memory write passes. Memory is committed to git and served to agents, so
 * a token pasted into a lesson would leak twice. The patterns live in `shared/redact.ts` (one list
 * for every place that stores text); here a text that is mostly secret is refused outright, since
 * no lesson is left once the secret is masked.
 */
import { inputError } from '../shared/errors.js';
import { isMostlySecret, redactSecrets } from '../shared/redact.js';

export interface SecretFinding {
  kind: string;
  count: number;
}

export interface ScanResult {
  text: string;
  findings: SecretFinding[];
}

export function scanSecrets(text: string): ScanResult & { mostlySecret: boolean } {
  const redaction = redactSecrets(text);
  const findings = Object.entries(redaction.found)
    .map(([kind, count]) => ({ kind, count }))
    .sort((a, b) => (a.kind < b.kind ? -1 : 1));
  return { text: redaction.text, findings, mostlySecret: isMostlySecret(text, redaction) };
}

/** Masks secrets in a lesson-like text; refuses one that is mostly secret, naming what it found. */
export function redactOrRefuse(text: string, what: string): ScanResult {
  const result = scanSecrets(text);
  if (result.mostlySecret) {
    throw inputError(
      `${what} is mostly a secret (${result.findings.map((finding) => finding.kind).join(', ')}): refused`,
      {
        hint: 'write the lesson about the secret (where it lives, how to load it), never the secret itself',
      },
    );
  }
  return { text: result.text, findings: result.findings };
}
