import type { ErrorCode, WireError } from './error-code';
import { hintSentence } from './hint-sentence';

export interface CodedErrorOptions {
  /** What the person can do about it ("run `connected-services doctor`"). */
  hint?: string;
  data?: Record<string, unknown>;
  cause?: unknown;
}

/** The one error class of the core: a code from `ERROR_CODES`, a message, an optional recovery hint. */
export class CodedError extends Error {
  readonly code: ErrorCode;
  readonly hint: string | undefined;
  readonly data: Record<string, unknown> | undefined;

  constructor(code: ErrorCode, message: string, options: CodedErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'CodedError';
    this.code = code;
    this.hint = options.hint;
    this.data = options.data;
  }

  /** The form every reader gets (`--json`, the App API, the UI): the hint worded as a sentence. */
  toWire(): WireError {
    const wire: WireError = { code: this.code, message: this.message };
    if (this.hint !== undefined) wire.hint = hintSentence(this.hint);
    if (this.data !== undefined) wire.data = this.data;
    return wire;
  }

  static fromWire(wire: WireError): CodedError {
    const options: CodedErrorOptions = {};
    if (wire.hint !== undefined) options.hint = wire.hint;
    if (wire.data !== undefined) options.data = wire.data;
    return new CodedError(wire.code, wire.message, options);
  }
}

export function isCodedError(value: unknown): value is CodedError {
  return value instanceof CodedError;
}

/** Anything thrown becomes a CodedError; unknown failures are `internal` and keep their message. */
export function toCodedError(value: unknown): CodedError {
  if (value instanceof CodedError) return value;
  const message = value instanceof Error ? value.message : String(value);
  return new CodedError('internal', message, { cause: value });
}

/** An error in its own words for a log line: the message without `CodedError: ` or another class name before it. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
