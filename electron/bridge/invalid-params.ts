import { requestHandlers } from '../mcp-wire';

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

/** -32602 naming what is wrong (`params.arguments: expected record, received string`), or the error as it was. */
export function invalidParamsOf(error: unknown): unknown {
  const issues = issuesOf(error);
  if (!issues) return error;
  const said = issues
    .slice(0, MAX_SHOWN_ISSUES)
    .map((issue) => `${issue.path.length > 0 ? issue.path.map(String).join('.') : 'the request'}: ${issue.message}`)
    .join('; ');
  const message = `Invalid params: ${said}`;
  return Object.assign(new Error(message.length > MAX_MESSAGE_LENGTH ? `${message.slice(0, MAX_MESSAGE_LENGTH - 1)}…` : message), { code: -32602 });
}

/**
 * A request whose params break its method's schema is answered -32602 Invalid params (JSON-RPC 2.0
 * §5.1) saying what is wrong, not -32603 with the schema library's dump: the SDK's handlers parse
 * each request and let that error through as it is. Wraps every handler registered so far (the SDK
 * Protocol's handler table, mcp-wire); an SDK without that table is left as it is.
 */
export function answerInvalidParams(protocol: object): void {
  const handlers = requestHandlers(protocol);
  if (!handlers) return;
  for (const [method, handler] of handlers) {
    handlers.set(method, (request: never, extra: unknown) => {
      try {
        return handler(request, extra);
      } catch (error) {
        throw invalidParamsOf(error);
      }
    });
  }
}
