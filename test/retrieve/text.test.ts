import { describe, expect, it } from 'vitest';
import { lexicalDefinitions } from '../../src/retrieve/text/definitions.js';
import { stemWord } from '../../src/retrieve/text/stem.js';
import { splitIdentifier, termsOf } from '../../src/retrieve/text/tokenize.js';

describe('identifier splitting', () => {
  it('splits camelCase, PascalCase, acronyms, snake_case, kebab-case and dotted paths', () => {
    expect(splitIdentifier('parseHTTPResponse')).toEqual(['parse', 'http', 'response']);
    expect(splitIdentifier('max_retry_count')).toEqual(['max', 'retry', 'count']);
    expect(splitIdentifier('dry-run')).toEqual(['dry', 'run']);
    expect(splitIdentifier('res.send')).toEqual(['res', 'send']);
    expect(splitIdentifier('$ZodType')).toEqual(['zod', 'type']);
  });

  it('keeps the joined form, so the identifier itself matches best', () => {
    expect(termsOf('abortRetry')).toEqual(['abort', 'retri', 'abortretri']);
    expect(termsOf('abort the retry')).toEqual(['abort', 'retri']);
  });

  it('keeps digits attached and also finds the letters alone', () => {
    expect(termsOf('isIPv4')).toEqual(['ipv4', 'ipv', 'isipv4']);
    expect(termsOf('cidrv6')).toEqual(['cidrv6', 'cidrv']);
  });

  it('drops English stopwords but keeps keywords that are words (default, protected)', () => {
    expect(termsOf('the default of a protected token')).toEqual(['default', 'protect', 'token']);
  });

  it('finds words in any script', () => {
    expect(termsOf('Zeitüberschreitung beim Wiederholen')).toEqual([
      'zeitüberschreitung',
      'beim',
      'wiederholen',
    ]);
    expect(termsOf('修复 超时')).toEqual(['修复', '超时']);
  });
});

describe('stemming', () => {
  it('brings inflections of a word together', () => {
    const stems = ['retry', 'retries', 'retried', 'retrying'].map(stemWord);
    expect(new Set(stems).size).toBe(1);
    expect(stemWord('parsing')).toBe(stemWord('parse'));
    expect(stemWord('validation')).toBe(stemWord('validate'));
    expect(stemWord('headers')).toBe('header');
  });

  it('leaves short words and words with digits alone', () => {
    expect(stemWord('ids')).toBe('ids');
    expect(stemWord('utf8')).toBe('utf8');
  });
});

describe('lexical definitions', () => {
  it('finds Python classes and methods with their container, and JavaScript member functions', () => {
    const python =
      'class NetRCAuth(Auth):\n    def __init__(self, file=None):\n        pass\n\ndef helper():\n    pass\n';
    expect(lexicalDefinitions(python)).toEqual([
      { name: 'NetRCAuth', line: 1, signature: 'class NetRCAuth(Auth):' },
      { name: '__init__', line: 2, signature: 'def __init__(self, file=None):', container: 'NetRCAuth' },
      { name: 'helper', line: 5, signature: 'def helper():' },
    ]);
    const javascript =
      'res.send = function send(body) {\n  if (x) {\n  }\n};\nmodule.exports = {\n  get header() {\n  },\n};\n';
    expect(lexicalDefinitions(javascript).map((entry) => [entry.name, entry.container ?? null])).toEqual([
      ['send', 'res'],
      ['header', null],
    ]);
  });
});
