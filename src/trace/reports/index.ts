/**
 * Test reports imported as `ci` evidence: JUnit XML (Maven Surefire, Gradle, pytest, jest-junit,
 * vitest, mocha, go-junit-report, cargo2junit dialects), vitest/jest `--json` reports, and
 * GitHub Actions run summaries (`gh run view --json ...`).
 */
import { OcppError } from '../../shared/errors.js';
import { redactSecrets } from '../../shared/redact.js';
import type { TestReport } from '../types.js';
import { findAll, parseXml, type XmlElement } from './xml.js';

export type ReportFormat = 'junit' | 'jest-json' | 'github-actions';

const MAX_FAILURES = 20;

/** Detects the format from the content (or takes it as given) and reads the report. */
export function readTestReport(text: string, file: string, format?: ReportFormat | 'auto'): TestReport {
  const detected = format && format !== 'auto' ? format : detectFormat(text, file);
  if (detected === 'junit') return readJunit(text, file);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new OcppError('INPUT_INVALID', `not a test report: ${(error as Error).message}`, {
      file,
      hint: 'give a JUnit XML file, a vitest/jest --json report, or a GitHub Actions run summary (gh run view --json)',
    });
  }
  return detected === 'github-actions' ? readGithubRun(value, file) : readJestJson(value, file);
}

function detectFormat(text: string, file: string): ReportFormat {
  const start = text.trimStart();
  if (start.startsWith('<')) return 'junit';
  if (start.startsWith('{')) {
    if (/"(numTotalTests|testResults)"/.test(start.slice(0, 5000)) || /"testResults"/.test(start))
      return 'jest-json';
    if (/"(conclusion|jobs|workflowName|databaseId)"/.test(start)) return 'github-actions';
    return 'jest-json';
  }
  throw new OcppError('INPUT_INVALID', 'not a test report: neither XML nor JSON', {
    file,
    hint: 'give a JUnit XML file, a vitest/jest --json report, or a GitHub Actions run summary (gh run view --json)',
  });
}

/** A report of `format` with no outcome counted yet (`total` known up front for a run summary). */
function emptyReport(format: TestReport['format'], total = 0): TestReport {
  return { format, total, passed: 0, failed: 0, errors: 0, skipped: 0, failures: [] };
}

function readJunit(text: string, file: string): TestReport {
  const root = parseXml(text, file);
  if (root.name !== 'testsuites' && root.name !== 'testsuite') {
    throw new OcppError('INPUT_INVALID', `not a JUnit report: the root element is <${root.name}>`, {
      file,
      hint: 'expected <testsuites> or <testsuite>',
    });
  }
  const cases = findAll(root, 'testcase');
  const report = emptyReport('junit');
  for (const testCase of cases) {
    report.total++;
    const outcome = outcomeOf(testCase);
    report[outcome]++;
    if ((outcome === 'failed' || outcome === 'errors') && report.failures.length < MAX_FAILURES) {
      const problem = testCase.children.find((child) => child.name === 'failure' || child.name === 'error');
      const message = problem
        ? (problem.attributes.message ?? problem.text).trim().split('\n')[0]
        : undefined;
      report.failures.push({
        name: testCase.attributes.name ?? '(unnamed)',
        ...(testCase.attributes.classname ? { suite: testCase.attributes.classname } : {}),
        ...(message ? { message: redactSecrets(message.slice(0, 300)).text } : {}),
      });
    }
  }
  if (cases.length === 0) addSuiteTotals(root, report);
  return report;
}

function outcomeOf(testCase: XmlElement): 'passed' | 'failed' | 'errors' | 'skipped' {
  const names = new Set(testCase.children.map((child) => child.name));
  if (names.has('failure')) return 'failed';
  if (names.has('error')) return 'errors';
  if (
    names.has('skipped') ||
    testCase.attributes.status === 'skipped' ||
    testCase.attributes.status === 'notrun'
  )
    return 'skipped';
  return 'passed';
}

/** Suites that only carry counts (some reporters omit test cases for passing runs). */
function addSuiteTotals(root: XmlElement, report: TestReport): void {
  const suites = root.name === 'testsuite' ? [root] : findAll(root, 'testsuite');
  for (const suite of suites) {
    const count = (name: string) => Number.parseInt(suite.attributes[name] ?? '0', 10) || 0;
    report.total += count('tests');
    report.failed += count('failures');
    report.errors += count('errors');
    report.skipped += count('skipped') + count('disabled');
  }
  report.passed = Math.max(0, report.total - report.failed - report.errors - report.skipped);
}

interface JestAssertion {
  fullName?: string;
  title?: string;
  ancestorTitles?: string[];
  status?: string;
  failureMessages?: string[];
}

function readJestJson(value: unknown, file: string): TestReport {
  const data = value as {
    testResults?: Array<{
      name?: string;
      assertionResults?: JestAssertion[];
      message?: string;
      status?: string;
    }>;
  };
  if (!data || !Array.isArray(data.testResults)) {
    throw new OcppError('INPUT_INVALID', 'not a vitest/jest JSON report: no testResults array', { file });
  }
  const report = emptyReport('jest-json');
  for (const suite of data.testResults) {
    const assertions = suite.assertionResults ?? [];
    if (assertions.length === 0 && suite.status === 'failed') {
      report.total++;
      report.errors++;
      addFailure(report, suite.name ?? '(suite)', undefined, suite.message);
    }
    for (const assertion of assertions) {
      report.total++;
      const status = assertion.status ?? 'passed';
      if (status === 'passed') report.passed++;
      else if (status === 'failed') {
        report.failed++;
        addFailure(
          report,
          assertion.fullName ?? assertion.title ?? '(test)',
          suite.name,
          assertion.failureMessages?.[0],
        );
      } else report.skipped++;
    }
  }
  return report;
}

function addFailure(
  report: TestReport,
  name: string,
  suite: string | undefined,
  message: string | undefined,
): void {
  if (report.failures.length >= MAX_FAILURES) return;
  const first = message?.trim().split('\n')[0];
  report.failures.push({
    name,
    ...(suite ? { suite } : {}),
    ...(first ? { message: redactSecrets(first.slice(0, 300)).text } : {}),
  });
}

interface GithubRun {
  conclusion?: string;
  status?: string;
  jobs?: Array<{ name?: string; conclusion?: string; status?: string }>;
}

function readGithubRun(value: unknown, file: string): TestReport {
  const run = value as GithubRun;
  if (!run || (run.conclusion === undefined && !Array.isArray(run.jobs))) {
    throw new OcppError('INPUT_INVALID', 'not a GitHub Actions run summary: no conclusion and no jobs', {
      file,
      hint: 'produce it with `gh run view <id> --json conclusion,status,jobs,headSha`',
    });
  }
  const jobs = run.jobs ?? [];
  const report = emptyReport('github-actions', jobs.length);
  for (const job of jobs) {
    if (job.conclusion === 'success') report.passed++;
    else if (job.conclusion === 'skipped' || job.conclusion === 'neutral') report.skipped++;
    else {
      report.failed++;
      addFailure(report, job.name ?? '(job)', undefined, job.conclusion ?? job.status);
    }
  }
  if (run.conclusion) report.conclusion = run.conclusion;
  if (jobs.length === 0 && run.conclusion && run.conclusion !== 'success') report.failed = 1;
  return report;
}

/** A report passes when it ran tests (or jobs) and none failed or errored. */
export function reportPassed(report: TestReport): boolean {
  if (report.conclusion !== undefined && report.conclusion !== 'success') return false;
  return report.failed === 0 && report.errors === 0 && report.total > report.skipped;
}
