/**
 * What of an HTTP failure's answer is shown: the SDK quotes its body, and agents read this message,
 * so only an answer that is a JSON-RPC message is; any other page (a local service's, a router's
 * admin page) is not handed on.
 */
export function shownAnswer(message: string): string {
  const at = message.indexOf('{');
  try {
    const body: unknown = at < 0 ? undefined : JSON.parse(message.slice(at));
    if (body !== null && typeof body === 'object' && Object.hasOwn(body, 'jsonrpc')) return `: ${message.slice(0, 300)}`;
  } catch {
    // not JSON: not shown
  }
  return ' (its answer is not an MCP message and is not shown)';
}
