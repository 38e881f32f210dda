import { describe, expect, it } from 'vitest';
import { parseTask } from '../../src/retrieve/query.js';

describe('parseTask', () => {
  it('reads the exact things a task names', () => {
    const query = parseTask(
      'Fix `abortRetry` in src/http/retry.ts\n\nThe error "request was aborted twice" shows with --no-cache when HTTP_PROXY is set; see GET /api/users/:id and _urlparse.py',
    );
    expect(query.identifiers).toContain('abortRetry');
    expect(query.paths).toEqual(expect.arrayContaining(['src/http/retry.ts', '_urlparse.py']));
    expect(query.phrases).toContain('request was aborted twice');
    expect(query.flags).toEqual(['--no-cache']);
    expect(query.environment).toEqual(['HTTP_PROXY']);
    expect(query.routes).toEqual(['/api/users/:id']);
  });

  it('weighs the title above the body and change words ("fix", "add") least', () => {
    const query = parseTask('Fix the timeout\n\nthe socket closes');
    expect(query.terms.get('timeout')).toBe(1);
    expect(query.terms.get('socket')).toBe(0.6);
    expect(query.terms.get('fix')!).toBeLessThan(0.2);
  });

  it("reads a conventional-commit scope as a label: its own terms, outside the title's joined runs", () => {
    const query = parseTask('fix(editor): prevent crash when editing arrow');
    expect(query.scopes).toEqual(['editor']);
    expect([...query.scopeTerms]).toEqual(['editor']);
    expect(query.terms.get('editor')).toBe(1);
    expect(query.terms.has('crashwhenedit')).toBe(true);
    expect([...query.terms.keys()].some((term) => term.startsWith('editorprevent'))).toBe(false);
    // A scope word the title also says is a word of the change, not only a label.
    expect([...parseTask('fix(router): the router drops the query').scopeTerms]).toEqual([]);
    expect([...parseTask('fix: prevent crash').scopeTerms]).toEqual([]);
  });

  it('drops URLs, issue numbers and handles', () => {
    const query = parseTask('Fixes #1234 reported by @someone, see https://example.com/issues/99');
    expect([...query.terms.keys()]).not.toEqual(expect.arrayContaining(['1234', 'someone', 'example']));
  });

  it('also searches runs of words joined, as identifiers spell them', () => {
    expect(parseTask('raise for status is not chainable').terms.has('raiseforstatus')).toBe(true);
  });

  it('expands common abbreviations at half weight', () => {
    const query = parseTask('res.send sets the wrong header');
    expect(query.terms.get('respons')).toBe(0.5);
  });

  it('keeps a bounded number of terms for a very long task', () => {
    const words = Array.from({ length: 20_000 }, (_, index) => `word${index.toString(36)}x`).join(' ');
    const query = parseTask(`Title here\n\n${words}`);
    expect(query.terms.size).toBeLessThanOrEqual(256);
  });
});
