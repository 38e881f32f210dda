/**
 * Module-boundary rules every repository benefits from: no import cycles, no production code
 * importing test code, no orphaned source files. A rule the code already breaks is written with
 * severity `risk` (so the first build does not fail the gate); one it keeps is `forbidden`.
 */
import { testPathRegexSource } from '../../scan/file-kinds.js';
import { BoundaryMatcher } from '../boundaries.js';
import type { BoundaryRule, ModuleBoundaries } from '../schema.js';
import type { InferenceInput } from './input.js';

/** Tests and their fixtures, as the scan classifies them (one definition: scan/file-kinds). */
export const TEST_PATH_REGEX = testPathRegexSource();

const ORPHAN_EXCEPTIONS = [
  '(^|/)(scripts?|bin|bench|benchmarks?|examples?|tools)/',
  '\\.d\\.ts$',
  '(^|/)[^/]+\\.config\\.[cm]?[jt]s$',
  TEST_PATH_REGEX,
];

export function inferBoundaries(input: InferenceInput): ModuleBoundaries {
  const matcher = new BoundaryMatcher(input.graph);
  const candidates: Array<Omit<BoundaryRule, 'severity'> & { broken: boolean }> = [];
  const circular = { from: {}, to: { circular: true } };
  candidates.push({
    name: 'no-circular',
    comment:
      'An import cycle makes load order matter and means neither module can be understood, tested or moved alone.',
    ...circular,
    broken: matcher.edgesMatching(circular).length > 0,
  });
  const testImports = { from: { pathNot: TEST_PATH_REGEX }, to: { path: TEST_PATH_REGEX } };
  candidates.push({
    name: 'no-source-imports-tests',
    comment: 'Production code must not depend on test code: tests are not shipped and may change freely.',
    ...testImports,
    broken: matcher.edgesMatching(testImports).length > 0,
  });
  const rules: BoundaryRule[] = candidates.map(({ broken, ...rule }) => ({
    ...rule,
    severity: broken ? 'risk' : 'forbidden',
  }));
  rules.push({
    name: 'no-orphans',
    comment:
      'A source file nothing imports and that imports nothing is usually dead code or a forgotten entry point.',
    severity: 'risk',
    from: { orphan: true, pathNot: ORPHAN_EXCEPTIONS },
    to: {},
  });
  return {
    schemaVersion: 1,
    comment:
      'Rules on imports (regular expressions on repository paths). A rule the code broke when this file was inferred has severity risk; make it forbidden once fixed.',
    forbidden: rules,
    allowed: [],
    allowedSeverity: 'forbidden',
  };
}
