/**
 * The risk score of a change, 0..100, as a sum of named factors (each capped), so the number
 * always comes with its reasons. Deterministic: the same change and tree give the same score.
 */
import type { ChangedFile } from './changes.js';

export interface RiskFactor {
  id:
    | 'fan-in'
    | 'centrality'
    | 'sensitive-paths'
    | 'dependencies'
    | 'global-config'
    | 'diff-size'
    | 'missing-tests';
  points: number;
  max: number;
  detail: string;
}

export interface RiskAssessment {
  score: number;
  level: 'low' | 'medium' | 'high';
  factors: RiskFactor[];
}

export interface RiskSignals {
  changed: readonly ChangedFile[];
  /** Files affected through imports. */
  affected: number;
  /** Code files in the graph (the scale fan-in is measured against). */
  codeFiles: number;
  /** Highest PageRank percentile (0..1) among the changed files, with the file. */
  centrality?: { file: string; percentile: number };
  /** Changed paths that a safety rule protects, or whose names suggest security-sensitive code. */
  protectedPaths: string[];
  sensitivePaths: string[];
  dependencyFiles: string[];
  globalConfigFiles: string[];
  /** Changed sources whose tests did not change. */
  untested: string[];
  /** Changed sources, the denominator of `untested`. */
  changedSources: number;
}

const SENSITIVE =
  /(^|[/_.-])(auth|authn|authz|login|password|passwd|secret|secrets|token|tokens|crypto|security|permission|permissions|acl|session|sessions|payment|payments|billing|migration|migrations)([/_.-]|$)/i;

export function isSensitivePath(path: string): boolean {
  return SENSITIVE.test(path);
}

export function assessRisk(signals: RiskSignals): RiskAssessment {
  const factors: RiskFactor[] = [
    fanIn(signals),
    centrality(signals),
    sensitive(signals),
    dependencies(signals),
    globalConfig(signals),
    diffSize(signals),
    missingTests(signals),
  ];
  const score = Math.min(
    100,
    factors.reduce((sum, factor) => sum + factor.points, 0),
  );
  return { score, level: score >= 60 ? 'high' : score >= 30 ? 'medium' : 'low', factors };
}

function fanIn({ affected, codeFiles }: RiskSignals): RiskFactor {
  const scale = Math.max(5, codeFiles * 0.25);
  return {
    id: 'fan-in',
    max: 20,
    points: Math.round(20 * Math.min(1, affected / scale)),
    detail: `${affected} file(s) depend on the change (of ${codeFiles} code files)`,
  };
}

function centrality({ centrality: central }: RiskSignals): RiskFactor {
  if (!central)
    return { id: 'centrality', max: 15, points: 0, detail: 'no changed file is in the import graph' };
  const points = Math.round(15 * Math.max(0, (central.percentile - 0.5) * 2));
  return {
    id: 'centrality',
    max: 15,
    points,
    detail: `${central.file} ranks above ${Math.round(central.percentile * 100)}% of files by PageRank`,
  };
}

function sensitive({ protectedPaths, sensitivePaths }: RiskSignals): RiskFactor {
  if (protectedPaths.length > 0)
    return { id: 'sensitive-paths', max: 20, points: 20, detail: `protected: ${list(protectedPaths)}` };
  if (sensitivePaths.length > 0)
    return {
      id: 'sensitive-paths',
      max: 20,
      points: 10,
      detail: `security-sensitive names: ${list(sensitivePaths)}`,
    };
  return { id: 'sensitive-paths', max: 20, points: 0, detail: 'no protected or sensitive path' };
}

function dependencies({ dependencyFiles }: RiskSignals): RiskFactor {
  return presence(
    'dependencies',
    dependencyFiles,
    'dependency files changed',
    'no manifest or lockfile changed',
  );
}

function globalConfig({ globalConfigFiles }: RiskSignals): RiskFactor {
  return presence(
    'global-config',
    globalConfigFiles,
    'files that affect everything',
    'no config that affects everything changed',
  );
}

/** A factor worth all its 10 points as soon as one such file changed. */
function presence(id: RiskFactor['id'], files: string[], found: string, none: string): RiskFactor {
  return files.length > 0
    ? { id, max: 10, points: 10, detail: `${found}: ${list(files)}` }
    : { id, max: 10, points: 0, detail: none };
}

function diffSize({ changed }: RiskSignals): RiskFactor {
  const lines = changed.reduce((sum, file) => sum + (file.binary ? 50 : file.additions + file.deletions), 0);
  const points = Math.round(15 * Math.min(1, Math.log10(1 + lines) / 3));
  return { id: 'diff-size', max: 15, points, detail: `${changed.length} file(s), ${lines} line(s) changed` };
}

function missingTests({ untested, changedSources }: RiskSignals): RiskFactor {
  if (changedSources === 0)
    return { id: 'missing-tests', max: 10, points: 0, detail: 'no source file changed' };
  const points = Math.round(10 * (untested.length / changedSources));
  return {
    id: 'missing-tests',
    max: 10,
    points,
    detail:
      untested.length > 0
        ? `${untested.length} of ${changedSources} changed source(s) without a test change: ${list(untested)}`
        : 'every changed source has a changed test',
  };
}

function list(paths: readonly string[]): string {
  return paths.length > 3 ? `${paths.slice(0, 3).join(', ')} and ${paths.length - 3} more` : paths.join(', ');
}
