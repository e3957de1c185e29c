import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ElicitRequestSchema, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { createAskRouter } from '../../electron/app/asks/ask-router';
import { WaitingAsks } from '../../electron/app/asks/waiting-asks';
import { startEraServer, type EraServer } from '../fixtures/servers/era-server';
import { firstText, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { askUrlChecksFor } from '../support/ask-url-checks';

// Issue #30 item 4, the other way: an SDK 1.x client (what VS Code speaks) calls a tool of an SDK v2
// server that refuses `initialize`; the server's `input_required` elicitation reaches that agent as
// `elicitation/create` on its session, and the answer goes back in the pool's retry.
let h: BridgeHarness;
let server: EraServer;
const audited: AuditEntry[] = [];
let client: Client | undefined;

beforeAll(async () => {
  server = await startEraServer('modern');
  const router = createAskRouter({ waiting: new WaitingAsks(), audit: (entry) => audited.push(entry), now: Date.now, urls: askUrlChecksFor('loopback') });
  h = await startBridge({ modern: { type: 'http', url: server.url } }, {}, { asks: { router } });
}, 60_000);

afterAll(async () => {
  await client?.close();
  await h.close();
  await server.close();
});

describe('a 2025-era agent in front of a 2026-07-28-only server', () => {
  it("gets the server's input_required elicitation as elicitation/create; its answer reaches the server and the result comes back", async () => {
    const { token } = await h.bridge.agents.add('vscode-like', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const elicited: ElicitRequest['params'][] = [];
    client = new Client({ name: 'vscode-like', version: '1.0.0' }, { capabilities: { elicitation: { form: {} } } });
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      elicited.push(request.params);
      return { action: 'accept', content: { ok: true } };
    });
    await client.connect(new StreamableHTTPClientTransport(new URL(h.bridge.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
    expect(client.getServerVersion()?.name).toBe('connected-services');

    const result = await client.callTool({ name: 'modern__confirm', arguments: {} });
    expect(firstText(result)).toBe('confirmed');
    expect(elicited).toEqual([expect.objectContaining({ message: 'Go ahead?' })]);
    // The server was never spoken to in the 2025 era, and it saw the retry.
    expect(server.methods).not.toContain('initialize');
    expect(server.methods.filter((m) => m === 'tools/call').length).toBeGreaterThanOrEqual(2);
    expect(audited.find((e) => e.kind === 'elicitation')).toMatchObject({ agent: 'vscode-like', answeredBy: 'agent', answer: 'accept', server: 'modern' });
  });
});
