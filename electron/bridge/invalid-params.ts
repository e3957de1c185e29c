import { redact } from '../../shared/redact';

/** A schema library's parse error: zod's (`ZodError` in v3, `$ZodError` in v4) carries its issues, each with a path and a message. */
interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** Whether the error is a schema library's parse error (the SDK's, or our own message checks'). */
export function isSchemaError(error: unknown): error is Error {
  return error instanceof Error && (error.name === 'ZodError' || error.name === '$ZodError');
}

function issuesOf(error: unknown): readonly SchemaIssue[] | undefined {
  if (!isSchemaError(error)) return undefined;
  const issues = (error as { issues?: unknown }).issues;
  return Array.isArray(issues) ? (issues as SchemaIssue[]) : undefined;
}

const MAX_SHOWN_ISSUES = 3;
const MAX_MESSAGE_LENGTH = 300;

/**
 * -32602 naming the first issues' fields (JSON-RPC 2.0 §5.1), at most MAX_MESSAGE_LENGTH characters;
 * redacted before it is cut, as what agents are told is (agent-errors.ts): a known value cut short is
 * no longer found.
 */
function invalidParams(issues: readonly SchemaIssue[]): Error {
  const said = issues
    .slice(0, MAX_SHOWN_ISSUES)
    .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : 'the request'}: ${issue.message}`)
    .join('; ');
  const message = redact(`Invalid params: ${said}`);
  return Object.assign(new Error(message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message), { code: -32602 });
}

/** -32602 naming what is wrong (`params.arguments: expected record, received string`), or the error as it was. */
export function invalidParamsOf(error: unknown): unknown {
  const issues = issuesOf(error);
  return issues ? invalidParams(issues) : error;
}

function isRequestIssue(value: unknown): value is SchemaIssue {
  if (value === null || typeof value !== 'object') return false;
  const { path, message } = value as { path?: unknown; message?: unknown };
  return Array.isArray(path) && path[0] === 'params' && path.every((p) => typeof p === 'string' || typeof p === 'number') && typeof message === 'string';
}

/** Where a refusal's issue list starts: its whole message, or after `Invalid tools/call request: `. */
const DUMP_PREFIX = /^(?:Invalid [a-z/]+ request: )?(?=\[)/;

/**
 * The issues of SDK v2's wire codec refusing a request before its handler runs: the codec keeps only
 * `String(zodError)`, the issues as JSON, thrown as a plain Error (-32603 on the wire) or, on
 * `tools/call`, as -32602 after `Invalid tools/call request: `. Undefined for any other error, a
 * handler's own among them: only a list of issues whose every path starts at the request's params.
 */
function dumpedIssues(error: unknown): readonly SchemaIssue[] | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  const prefix = DUMP_PREFIX.exec(error.message);
  if (prefix === null) return undefined;
  if (prefix[0] === '' ? code !== undefined : code !== -32602) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(error.message.slice(prefix[0].length));
  } catch {
    return undefined;
  }
  return Array.isArray(parsed) && parsed.length > 0 && parsed.every(isRequestIssue) ? parsed : undefined;
}

/** The SDK v2 codec's refusal of a request's params as -32602 naming the field, as invalidParamsOf says it; any other error as it was. */
export function invalidParamsOfRefusal(error: unknown): unknown {
  const issues = dumpedIssues(error);
  return issues ? invalidParams(issues) : error;
}
