/** The bench's `echo` calls, made with the SDK client or the lean one: the text each answered. */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { LeanClient } from './lean-client';

/** The text of a tool result's first content block; a clear error for anything else. */
function firstText(result: Record<string, unknown>, tool: string): string | undefined {
  const content: unknown = result['content'];
  if (!Array.isArray(content)) throw new Error(`${tool} answered no content${result['isError'] === true ? ' (an error result)' : ''}`);
  const first = (content as unknown[])[0] as { text?: unknown } | undefined;
  return typeof first?.text === 'string' ? first.text : undefined;
}

/** Calls `echo` with a message and returns the text it answered. */
export type Echo = (message: string) => Promise<string | undefined>;

export function sdkEcho(client: Client, tool: string): Echo {
  return async (message) => {
    return firstText(await client.callTool({ name: tool, arguments: { message } }), tool);
  };
}

export function leanEcho(client: LeanClient, tool: string): Echo {
  return (message) => client.callTool(tool, { message });
}
