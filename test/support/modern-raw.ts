import { mcpHeaders, rawRequest, type RawResponse } from './bridge-harness';

/** The revision a 2026-07-28 agent names on each request. */
export const MODERN = '2026-07-28';

/** A 2026-07-28 request's `_meta` envelope (MCP 2026-07-28 basic §_meta), with the capabilities its client declares. */
export function envelope(capabilities: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
}

/** A tools/call body with the envelope in `_meta` (beside `meta`'s own keys). */
export function callBody(id: number | string, name: string, args: unknown = {}, meta: Record<string, unknown> = {}, capabilities: Record<string, unknown> = {}): string {
  return JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args, _meta: { ...envelope(capabilities), ...meta } } });
}

/** The standard headers of a tools/call (MCP 2026-07-28 basic/transports §Standard Request Headers), each overridable. */
export function callHeaders(port: number, token: string | undefined, name: string, extra: Record<string, string> = {}): Record<string, string> {
  return mcpHeaders(port, token, { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/call', 'Mcp-Name': name, ...extra });
}

/** A raw tools/call of a 2026-07-28 agent. */
export function modernCall(port: number, token: string | undefined, name: string, args: unknown = {}, options: { id?: number | string; headers?: Record<string, string>; capabilities?: Record<string, unknown>; meta?: Record<string, unknown> } = {}): Promise<RawResponse> {
  return rawRequest(port, { headers: callHeaders(port, token, name, options.headers), body: callBody(options.id ?? 1, name, args, options.meta, options.capabilities) });
}

/** The `data:` lines of a raw answer that streamed (none for a JSON body). */
function dataLines(body: string): string[] {
  return body
    .split('\n')
    .filter((line) => line.startsWith('data:'))
    .map((line) => line.slice(5).trim())
    .filter((line) => line !== '');
}

/** Every JSON-RPC message of a raw answer: its SSE stream's events in order, or its one JSON body. */
export function messagesOf(body: string): unknown[] {
  const data = dataLines(body);
  return (data.length > 0 ? data : [body]).map((text) => JSON.parse(text) as unknown);
}

/** What a raw answer says: its JSON-RPC message (the last SSE event's, when it streamed). */
export function messageOf(body: string): { result?: Record<string, unknown>; error?: { code: number; message: string; data?: unknown } } {
  const data = dataLines(body);
  return JSON.parse(data.length > 0 ? (data.at(-1) ?? '') : body) as ReturnType<typeof messageOf>;
}

/** The capabilities of a client that answers forms (MCP 2026-07-28 client/elicitation §Capabilities). */
export const FORMS = { elicitation: { form: {} } };

/** A raw 2026-07-28 request of any method that names something (`Mcp-Name`: a tool, a prompt, a URI), its client declaring `capabilities`. */
export function modernRequest(port: number, token: string | undefined, method: string, name: string, params: Record<string, unknown>, capabilities: Record<string, unknown> = {}, id: number | string = 1): Promise<RawResponse> {
  const headers = mcpHeaders(port, token, { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': method, 'Mcp-Name': name });
  return rawRequest(port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id, method, params: { ...params, _meta: envelope(capabilities) } }) });
}

/**
 * A raw tools/call with its params whole: the tool's `name` and `arguments`, and on a retry the round's
 * `requestState` and `inputResponses` (MCP 2026-07-28 basic/patterns/mrtr); its client answers forms
 * unless `capabilities` say otherwise.
 */
export function modernToolCall(port: number, token: string | undefined, id: number | string, params: { name: string } & Record<string, unknown>, capabilities: Record<string, unknown> = FORMS): Promise<RawResponse> {
  return modernRequest(port, token, 'tools/call', params.name, params, capabilities, id);
}
