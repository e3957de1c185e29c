import { describeIssues } from '../../shared/api';

/** The SDK's words for a notification whose handler failed; a schema's failure follows as its issues, as JSON. */
const HANDLER_FAILED = /^Uncaught error in notification handler: (?:\$?\w*Error: )?(\[[\s\S]*\])\s*$/;

interface Issue {
  path: PropertyKey[];
  message: string;
}

function issuesIn(json: string): Issue[] | undefined {
  try {
    const parsed = JSON.parse(json) as unknown;
    if (!Array.isArray(parsed) || parsed.length === 0) return undefined;
    const issues = parsed as Array<{ path?: unknown; message?: unknown }>;
    if (!issues.every((i) => Array.isArray(i.path) && typeof i.message === 'string')) return undefined;
    return issues.map((i) => ({ path: (i.path as unknown[]).map((p) => (typeof p === 'number' ? p : String(p))), message: String(i.message) }));
  } catch {
    return undefined;
  }
}

/**
 * What the SDK reports of a server's message, as one line of the log: a notification MCP does not
 * allow names its wrong fields (the SDK gives the schema library's issues, a dozen lines of JSON);
 * anything else has its line breaks folded, so a server cannot start a line of ours.
 */
export function sdkErrorLine(text: string): string {
  const issues = issuesIn(HANDLER_FAILED.exec(text)?.[1] ?? '');
  if (issues !== undefined) return `sent a notification MCP does not allow (${describeIssues(issues)}); it was ignored`;
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}
