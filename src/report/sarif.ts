/**
 * Contract findings as SARIF 2.1.0, the format GitHub code scanning uploads: one run, the rules
 * that fired in `tool.driver.rules`, each result with a repository-relative location and a
 * fingerprint that does not move with line numbers. Severity maps to level: forbidden -> error,
 * required -> warning, risk -> note.
 */
import type { ContractFinding, Severity } from '../contracts/types.js';
import { sha256 } from '../shared/hash.js';
import { TOOL_NAME, toolVersion } from '../shared/version.js';

export const SARIF_SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';

export interface SarifInput {
  findings: readonly ContractFinding[];
  /** Descriptions of the rule ids in `findings`. */
  descriptions: ReadonlyArray<{ id: string; description: string; contract: string }>;
}

type Level = 'error' | 'warning' | 'note';

const LEVEL: Record<Severity, Level> = { forbidden: 'error', required: 'warning', risk: 'note' };
const RANK: Record<Level, number> = { error: 0, warning: 1, note: 2 };

export interface SarifLog {
  $schema: string;
  version: '2.1.0';
  runs: Array<{
    tool: { driver: SarifDriver };
    results: SarifResult[];
    columnKind: 'utf16CodeUnits';
  }>;
}

interface SarifDriver {
  name: string;
  version: string;
  semanticVersion: string;
  informationUri: string;
  rules: Array<{
    id: string;
    name: string;
    shortDescription: { text: string };
    fullDescription: { text: string };
    help: { text: string };
    defaultConfiguration: { level: Level };
    properties: { tags: string[] };
  }>;
}

interface SarifResult {
  ruleId: string;
  ruleIndex: number;
  level: Level;
  message: { text: string };
  locations: Array<{
    physicalLocation: {
      artifactLocation: { uri: string; uriBaseId: '%SRCROOT%' };
      region?: { startLine: number };
    };
  }>;
  partialFingerprints: Record<string, string>;
  properties: { severity: Severity; contract: string; fix: string };
}

export function toSarif(input: SarifInput): SarifLog {
  const ids = [...new Set(input.findings.map((finding) => finding.ruleId))].sort();
  const rules = ids.map((id) => ruleOf(id, input));
  const results = input.findings.map((finding): SarifResult => {
    const location: SarifResult['locations'][number] = {
      physicalLocation: { artifactLocation: { uri: encodeUri(finding.file), uriBaseId: '%SRCROOT%' } },
    };
    if (finding.line) location.physicalLocation.region = { startLine: finding.line };
    return {
      ruleId: finding.ruleId,
      ruleIndex: ids.indexOf(finding.ruleId),
      level: LEVEL[finding.severity],
      message: { text: `${finding.message}. ${finding.fix}` },
      locations: [location],
      partialFingerprints: {
        'opencodePlusplusFinding/v1': sha256(`${finding.ruleId}\0${finding.file}\0${finding.message}`),
      },
      properties: { severity: finding.severity, contract: finding.contract, fix: finding.fix },
    };
  });
  return {
    $schema: SARIF_SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: TOOL_NAME,
            version: toolVersion(),
            semanticVersion: toolVersion(),
            informationUri: 'https://www.npmjs.com/package/opencode-plusplus',
            rules,
          },
        },
        results,
        columnKind: 'utf16CodeUnits',
      },
    ],
  };
}

function ruleOf(id: string, input: SarifInput): SarifDriver['rules'][number] {
  const findings = input.findings.filter((finding) => finding.ruleId === id);
  const described = input.descriptions.find((entry) => entry.id === id);
  const level =
    findings.map((finding) => LEVEL[finding.severity]).sort((a, b) => RANK[a] - RANK[b])[0] ?? 'warning';
  const description = described?.description ?? id;
  return {
    id,
    name: id.replace(/[^A-Za-z0-9]+(.)?/g, (_all, next: string | undefined) =>
      next ? next.toUpperCase() : '',
    ),
    shortDescription: { text: description },
    fullDescription: {
      text: `${description} (from ${described?.contract ?? findings[0]?.contract ?? 'the contracts'})`,
    },
    help: { text: findings[0]?.fix ?? description },
    defaultConfiguration: { level },
    properties: { tags: ['opencode-plusplus', 'contracts'] },
  };
}

/** Repository paths as URI references: each segment percent-encoded, slashes kept. */
function encodeUri(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}
