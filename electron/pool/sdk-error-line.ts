import { describeIssues } from '../../shared/api';

/** The SDK's words for a notification whose handler failed; a schema's failure follows as its issues, as JSON. */
const HANDLER_FAILED = /^Uncaught error in notification handler: (?:\$?\w*Error: )?(\[[\s\S]*\])\s*$/;

/** The SDK's words when its answer to a server's request (an elicitation, a sampling) could not be sent, the error's class name after them. */
const UNSENT_ANSWER = /^Failed to send (?:an error )?response: (?:\$?\w*Error: )?/;

/** The Streamable HTTP transport's words when the server refuses a message it POSTs: said by the transport before the SDK says the send failed. */
const REFUSED_POST = /^Error POSTing to endpoint\b/;

/** Whether an SDK report is of a message to the server that could not be sent: an answer, or any POST the server refused. */
export function isUnsentMessage(text: string): boolean {
  return UNSENT_ANSWER.test(text) || REFUSED_POST.test(text);
}

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
 * an answer that could not be sent back says so in our words, without the SDK's or an error class's;
 * anything else has its line breaks folded, so a server cannot start a line of ours.
 */
export function sdkErrorLine(text: string): string {
  const issues = issuesIn(HANDLER_FAILED.exec(text)?.[1] ?? '');
  if (issues !== undefined) return `sent a notification MCP does not allow (${describeIssues(issues)}); it was ignored`;
  const unsent = UNSENT_ANSWER.exec(text);
  if (unsent !== null) return oneLine(`the answer to a request it sent could not be sent back: ${text.slice(unsent[0].length)}`);
  return oneLine(text);
}

function oneLine(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, ' ');
}
