import type { CodedError } from '../../shared/errors';
import { coded } from './redacted-error';

/** The SDK's refusal of a result its schema for the method refuses: the method, then zod's issues as JSON. */
const INVALID_RESULT = /^Invalid result for ([\w/]+): ([^]*)$/;

/** `["tools", 1, "inputSchema"]` as `tools[1].inputSchema`. */
function pathText(path: readonly unknown[]): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : `${i === 0 ? '' : '.'}${String(part)}`)).join('');
}

/** The first of zod's issues in one line, with how many more there are; the text as it came when it is no list of issues. */
function firstIssue(text: string): string {
  let issues: unknown;
  try {
    issues = JSON.parse(text);
  } catch {
    return text.slice(0, 300);
  }
  const first: unknown = Array.isArray(issues) ? issues[0] : undefined;
  if (typeof first !== 'object' || first === null) return text.slice(0, 300);
  const { path, message } = first as { path?: unknown; message?: unknown };
  const where = Array.isArray(path) && path.length > 0 ? `${pathText(path)}: ` : '';
  const more = (issues as unknown[]).length - 1;
  return `${where}${String(message).slice(0, 200)}${more > 0 ? ` (and ${more} more)` : ''}`;
}

/**
 * A server's answer that is not valid MCP (a tool whose inputSchema is a string, a content block of
 * an unknown type), in one sentence naming the method and the first field at fault, not the SDK's
 * dump of every issue.
 */
export function invalidResult(message: string, server: string): CodedError | undefined {
  const match = INVALID_RESULT.exec(message);
  if (!match) return undefined;
  const [, method = 'a request', issues = ''] = match;
  return coded('internal', `"${server}" answered ${method} with a result the MCP schema refuses: ${firstIssue(issues)}`, {
    hint: `the server's answer is not valid MCP, so none of it is used; tell the maintainers of "${server}"`,
    data: { sdkCode: 'INVALID_RESULT' },
  });
}
