import { describe, expect, it } from 'vitest';
import { readTestReport, reportPassed } from '../../src/trace/reports/index.js';

const surefire = `<?xml version="1.0" encoding="UTF-8"?>
<testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" name="com.acme.AppTest" time="0.05" tests="3" errors="0" skipped="1" failures="1">
  <properties><property name="java.version" value="17"/></properties>
  <testcase name="adds" classname="com.acme.AppTest" time="0.001"/>
  <testcase name="divides" classname="com.acme.AppTest" time="0.002">
    <failure message="expected:&lt;2&gt; but was:&lt;3&gt;" type="org.opentest4j.AssertionFailedError"><![CDATA[stack trace here]]></failure>
  </testcase>
  <testcase name="later" classname="com.acme.AppTest"><skipped/></testcase>
</testsuite>`;

const pytest = `<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest" errors="1" failures="0" skipped="0" tests="2" time="0.1"><testcase classname="tests.test_api" name="test_ok" time="0.01" /><testcase classname="tests.test_api" name="test_db" time="0.01"><error message="fixture 'db' not found">E fixture 'db' not found</error></testcase></testsuite></testsuites>`;

const jestJunit = `<testsuites name="jest tests" tests="2" failures="0" errors="0" time="1.2">
  <testsuite name="math" errors="0" failures="0" skipped="0" timestamp="2026-01-01T00:00:00" time="1.1" tests="2">
    <testcase classname="math adds" name="math adds" time="0.01"></testcase>
    <testcase classname="math subtracts" name="math subtracts" time="0.01"></testcase>
  </testsuite>
</testsuites>`;

const goJunit = `<testsuites><testsuite tests="2" failures="1" time="0.3" name="example.com/pkg"><properties><property name="go.version" value="go1.22"></property></properties><testcase classname="pkg" name="TestA" time="0.0"></testcase><testcase classname="pkg" name="TestB" time="0.0"><failure message="Failed" type="">b_test.go:12: token=abcd1234efgh5678 mismatch</failure></testcase></testsuite></testsuites>`;

const countsOnly = `<testsuite name="summary" tests="5" failures="0" errors="0" skipped="1"></testsuite>`;

const vitestJson = JSON.stringify({
  numTotalTests: 3,
  numFailedTests: 1,
  testResults: [
    {
      name: '/repo/test/a.test.ts',
      status: 'failed',
      assertionResults: [
        { fullName: 'a works', status: 'passed', failureMessages: [] },
        {
          fullName: 'a fails',
          status: 'failed',
          failureMessages: ['AssertionError: expected 1 to be 2\n    at test/a.test.ts:4'],
        },
        { fullName: 'a todo', status: 'todo', failureMessages: [] },
      ],
    },
    {
      name: '/repo/test/broken.test.ts',
      status: 'failed',
      message: 'SyntaxError: Unexpected token',
      assertionResults: [],
    },
  ],
});

const github = JSON.stringify({
  conclusion: 'failure',
  status: 'completed',
  jobs: [
    { name: 'lint', conclusion: 'success' },
    { name: 'test (20)', conclusion: 'failure' },
  ],
});

describe('test reports', () => {
  it('reads Maven Surefire JUnit with failures and skips', () => {
    const report = readTestReport(surefire, 'TEST-AppTest.xml');
    expect(report).toMatchObject({ format: 'junit', total: 3, passed: 1, failed: 1, skipped: 1, errors: 0 });
    expect(report.failures).toEqual([
      { name: 'divides', suite: 'com.acme.AppTest', message: 'expected:<2> but was:<3>' },
    ]);
    expect(reportPassed(report)).toBe(false);
  });

  it('reads pytest, jest-junit and go-junit-report dialects', () => {
    expect(readTestReport(pytest, 'pytest.xml')).toMatchObject({
      total: 2,
      passed: 1,
      errors: 1,
      failures: [{ name: 'test_db', message: "fixture 'db' not found" }],
    });
    const jest = readTestReport(jestJunit, 'junit.xml');
    expect(jest).toMatchObject({ total: 2, passed: 2, failed: 0 });
    expect(reportPassed(jest)).toBe(true);
    const go = readTestReport(goJunit, 'go.xml');
    expect(go).toMatchObject({ total: 2, passed: 1, failed: 1 });
    expect(go.failures[0]!.message).not.toContain('abcd1234efgh5678');
    expect(readTestReport(countsOnly, 'summary.xml')).toMatchObject({ total: 5, passed: 4, skipped: 1 });
  });

  it('reads vitest/jest JSON reports and GitHub Actions run summaries', () => {
    expect(readTestReport(vitestJson, 'report.json')).toMatchObject({
      format: 'jest-json',
      total: 4,
      passed: 1,
      failed: 1,
      errors: 1,
      skipped: 1,
    });
    const run = readTestReport(github, 'run.json');
    expect(run).toMatchObject({
      format: 'github-actions',
      total: 2,
      passed: 1,
      failed: 1,
      conclusion: 'failure',
    });
    expect(reportPassed(run)).toBe(false);
  });

  it('rejects what is not a report, with the file and line', () => {
    expect(() => readTestReport('just text', 'notes.txt')).toThrowError(/neither XML nor JSON/);
    expect(() => readTestReport('<testsuite><testcase name="a"></testsuite>', 'bad.xml')).toThrowError(
      /not well-formed XML/,
    );
    expect(() =>
      readTestReport('<testsuites>\n<testsuite>\n<testcase name="x">\n</testsuites>', 'broken.xml'),
    ).toThrowError(
      expect.objectContaining({ details: expect.objectContaining({ file: 'broken.xml', line: 4 }) }),
    );
    expect(() => readTestReport('<html><body>502</body></html>', 'page.html')).toThrowError(
      /root element is <html>/,
    );
    expect(() => readTestReport('{"hello": 1}', 'x.json')).toThrowError(/no testResults/);
    expect(() => readTestReport('{"conclusion": "success"', 'run.json', 'github-actions')).toThrowError(
      /not a test report/,
    );
  });
});
