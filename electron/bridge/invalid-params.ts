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
