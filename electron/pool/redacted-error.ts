import { CodedError, type CodedErrorOptions, type ErrorCode as Code } from '../../shared/errors';
import { redact } from '../../shared/redact';

/** A CodedError whose message and hint are redacted: what the pool says of a server may quote it. */
export function coded(code: Code, message: string, options: CodedErrorOptions = {}): CodedError {
  const out: CodedErrorOptions = { ...options };
  if (options.hint !== undefined) out.hint = redact(options.hint);
  return new CodedError(code, redact(message), out);
}

/** The same error with message and hint redacted (errors from resolvers, gates and fetches). */
export function redactCoded(error: CodedError): CodedError {
  const options: CodedErrorOptions = { cause: error };
  if (error.hint !== undefined) options.hint = error.hint;
  if (error.data !== undefined) options.data = error.data;
  return coded(error.code, error.message, options);
}
