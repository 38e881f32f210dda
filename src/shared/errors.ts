/**
 * The error taxonomy. Findings are data; an exception means the tool itself could not go on.
 * Every error carries a stable `code`; `exitCode` is 2 for usage, config, input and internal errors.
 */
export type ErrorCode =
  | 'USAGE'
  | 'CONFIG_INVALID'
  | 'INPUT_INVALID'
  | 'STATE_VERSION'
  | 'STATE_CONFLICT'
  | 'LOCKED'
  | 'NOT_FOUND'
  | 'GIT'
  | 'INTERNAL';

export interface ErrorDetails {
  /** The file the problem is in, relative to the repository root where possible. */
  file?: string;
  /** 1-based line in `file`. */
  line?: number;
  /** 1-based column in `file`. */
  column?: number;
  /** A dotted key path inside a structured file, e.g. `scan.maxFileBytes`. */
  key?: string;
  /** What to do about it. */
  hint?: string;
  cause?: unknown;
}

export class OcppError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;
  readonly exitCode: number;

  constructor(code: ErrorCode, message: string, details: ErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'OcppError';
    this.code = code;
    this.details = details;
    this.exitCode = 2;
  }

  /** `file:line:column: message` followed by the hint, the form every tool prints. */
  describe(): string {
    const { file, line, column, key, hint } = this.details;
    const where = file ? `${file}${line ? `:${line}${column ? `:${column}` : ''}` : ''}: ` : '';
    const keyText = key ? ` (at ${key})` : '';
    return `${where}${this.message}${keyText}${hint ? `\n  hint: ${hint}` : ''}`;
  }

  toJSON(): Record<string, unknown> {
    return { code: this.code, message: this.message, ...stripCause(this.details) };
  }
}

function stripCause(details: ErrorDetails): Omit<ErrorDetails, 'cause'> {
  const { cause: _cause, ...rest } = details;
  return rest;
}

export function usageError(message: string, hint?: string): OcppError {
  return new OcppError('USAGE', message, hint ? { hint } : {});
}

export function inputError(message: string, details: ErrorDetails = {}): OcppError {
  return new OcppError('INPUT_INVALID', message, details);
}

export function isOcppError(error: unknown): error is OcppError {
  return error instanceof OcppError;
}

/** Wraps anything thrown that is not ours: a bug, reported with how to file it. */
export function toInternalError(error: unknown): OcppError {
  if (isOcppError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  return new OcppError('INTERNAL', `internal error: ${message}`, {
    cause: error,
    hint: 'this is a bug in opencode-plusplus; please report it with the command you ran and OCPP_DEBUG=1 output',
  });
}
