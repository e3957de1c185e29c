import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { askingServer } from '../fixtures/servers/config';
import { mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { askUrlChecksFor } from '../support/ask-url-checks';

// MCP 2026-07-28 basic §Client capabilities: a server that needs what the agent's request did not
// declare answers -32021 (HTTP 400) naming it. Behind the bridge a 2025-era server asks for sampling
// during the call; the routing refuses it (the agent's client cannot sample), the server fails its
// tool, and the agent hears what to declare instead of a tool error (asking-server.ts `ask-sample`).
const MODERN = '2026-07-28';
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;

let h: BridgeHarness;
const audited: AuditEntry[] = [];

beforeAll(async () => {
  const router = createAskRouter({ waiting: new WaitingAsks(), audit: (entry) => audited.push(entry), now: Date.now, urls: askUrlChecksFor('loopback') });
  h = await startBridge({ asking: askingServer() }, {}, { asks: { router } });
  await h.pool.start('asking');
}, 60_000);

afterAll(async () => {
  await h.close();
});

function rawCall(token: string, id: number, name: string, capabilities: Record<string, unknown>) {
  const _meta = {
    'io.modelcontextprotocol/protocolVersion': MODERN,
    'io.modelcontextprotocol/clientInfo': { name: 'raw', version: '1' },
    'io.modelcontextprotocol/clientCapabilities': capabilities,
  };
  const headers = mcpHeaders(h.bridge.port, token, { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'tools/call', 'Mcp-Name': name });
  return rawRequest(h.bridge.port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {}, _meta } }) });
}

function messageOf(body: string): { result?: Record<string, unknown>; error?: { code: number; data?: { requiredCapabilities?: Record<string, unknown> } } } {
  const data = body.split('\n').filter((line) => line.startsWith('data:')).map((line) => line.slice(5).trim()).filter((line) => line !== '');
  return JSON.parse(data.length > 0 ? (data.at(-1) ?? '') : body) as ReturnType<typeof messageOf>;
}

describe('a server that needs a capability the agent did not declare', () => {
  it('answers -32021 with HTTP 400 naming sampling; the sampling request is refused and audited', async () => {
    const { token } = await h.bridge.agents.add('no-sampling', { servers: ['*'], policy: ALLOW_ALL });
    const response = await rawCall(token, 1, 'asking__ask-sample', { elicitation: { form: {} } });
    expect(response.status).toBe(400);
    const message = messageOf(response.body);
    expect(message.error?.code).toBe(-32021);
    expect(message.error?.data?.requiredCapabilities).toEqual({ sampling: {} });
    expect(audited.find((e) => e.agent === 'no-sampling' && e.kind === 'sampling')).toMatchObject({ answer: 'decline', answeredBy: 'nobody' });
  });

  it('a tool that does not need it is answered as before', async () => {
    const { token } = await h.bridge.agents.add('no-sampling-roots', { servers: ['*'], policy: ALLOW_ALL });
    const response = await rawCall(token, 2, 'asking__ask-roots', {});
    expect(response.status).toBe(200);
    expect(messageOf(response.body).result?.['content']).toEqual([{ type: 'text', text: '[]' }]);
  });
});
