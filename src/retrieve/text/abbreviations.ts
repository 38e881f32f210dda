/**
 * Short forms programmers write for common words (`req` for request, `ctx` for context). A task
 * that says `res.send` is about the response; a test file named `app.use.js` tests the
 * application. Only widely shared conventions belong here, never one project's vocabulary.
 */
export const ABBREVIATIONS: Readonly<Record<string, string>> = {
  app: 'application',
  arg: 'argument',
  args: 'arguments',
  arr: 'array',
  auth: 'authentication',
  cfg: 'config',
  conf: 'config',
  ctx: 'context',
  db: 'database',
  dir: 'directory',
  env: 'environment',
  err: 'error',
  fn: 'function',
  impl: 'implementation',
  msg: 'message',
  num: 'number',
  obj: 'object',
  opts: 'options',
  param: 'parameter',
  params: 'parameters',
  pkg: 'package',
  repo: 'repository',
  req: 'request',
  res: 'response',
  str: 'string',
  util: 'utils',
};

export function expandAbbreviation(word: string): string | undefined {
  const key = word.toLowerCase();
  return Object.hasOwn(ABBREVIATIONS, key) ? ABBREVIATIONS[key] : undefined;
}
