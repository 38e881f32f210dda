/** Streams a command writes to, passed in so commands run in tests without spawning. */
export interface CliIO {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  env: NodeJS.ProcessEnv;
  cwd: string;
  /** Input for commands that read it (`hook`); absent in most tests. */
  stdin?: NodeJS.ReadableStream;
}

export function processIO(): CliIO {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    stdin: process.stdin,
  };
}

export function writeLine(stream: NodeJS.WritableStream, text = ''): void {
  stream.write(`${text}\n`);
}

export function writeJson(io: CliIO, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

/** Progress bars only for a person watching: stderr is a TTY, not CI, not --json. */
export function wantsProgress(io: CliIO, json: boolean): boolean {
  return Boolean(io.stderr.isTTY) && !json && !io.env.CI && io.env.OCPP_PROGRESS !== '0';
}
