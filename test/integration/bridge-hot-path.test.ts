import { afterEach, describe, expect, it } from 'vitest';
import { everythingServer, faultServer } from '../fixtures/servers/config';
import { waitFor } from '../support/server-harness';
import { INITIALIZE, mcpHeaders, rawRequest, startBridge, type BridgeHarness, type RawResponse } from '../support/bridge-harness';
import { messageOf } from '../support/modern-raw';

const open: BridgeHarness[] = [];
const Original = globalThis.AbortController;

afterEach(async () => {
  globalThis.AbortController = Original;
  for (const h of open.splice(0)) await h.close();
});

/** An agent's raw Streamable HTTP session: no client library in between (fetch would make AbortControllers of its own). */
async function rawSession(h: BridgeHarness, token: string): Promise<(body: unknown) => Promise<RawResponse>> {
  const port = Number(new URL(h.bridge.url).port);
  const init = await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE });
  const session = String(init.headers['mcp-session-id']);
  const headers = mcpHeaders(port, token, { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-06-18' });
  await rawRequest(port, { headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
  return (body) => rawRequest(port, { headers, body: JSON.stringify(body) });
}

const call = (id: number, name: string, args: Record<string, unknown>): unknown => ({ jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: args } });

describe('the bridge hot path: tools/call to a stdio server', () => {
  it('makes no AbortController for a call nobody cancels, and a cancelled call is still cancelled upstream', async () => {
    const h = await startBridge({ everything: everythingServer(), fault: faultServer() });
    open.push(h);
    await Promise.all([h.pool.start('everything'), h.pool.start('fault')]);
    // The count is process-wide: the listings a start begins (each round has a controller of its own)
    // end before it starts, so that only the call's own path is counted.
    await Promise.all(['everything', 'fault'].flatMap((name) => [h.pool.tools(name), h.pool.resources(name), h.pool.prompts(name)]));
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
    const send = await rawSession(h, token);

    let made = 0;
    globalThis.AbortController = class extends Original {
      constructor() {
        super();
        made++;
      }
    };
    // Counted over many calls: the process may make one meanwhile for its own work (a listing round
    // after a server's list_changed), never one per call.
    const CALLS = 40;
    for (let i = 0; i < CALLS; i++) expect((await send(call(1000 + i, 'everything__echo', { message: `hot ${i}` }))).body).toContain(`Echo: hot ${i}`);
    expect(made).toBeLessThan(4);

    // The agent cancels (MCP basic/utilities/cancellation): the call's upstream request is cancelled too.
    const slow = send(call(3, 'fault__slow', { ms: 20_000 }));
    const seen = async (id: number): Promise<{ started: number; cancelled: number }> => {
      const answer = messageOf((await send(call(id, 'fault__seen', {}))).body) as { result: { content: Array<{ text: string }> } };
      return JSON.parse(answer.result.content[0]?.text ?? '{}') as { started: number; cancelled: number };
    };
    // Cancelled before it reached the server, the call would never go upstream: wait until it has.
    let id = 4;
    await waitFor('the slow call at the server', async () => (await seen(id++)).started === 1);
    // Repeated, and for ids that are not running: the call is cancelled upstream once, nothing else is.
    for (let i = 0; i < 20; i++) {
      await send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 3, reason: 'changed my mind' } });
      await send({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1000 + i } });
    }
    await waitFor('the cancellation upstream', async () => (await seen(id++)).cancelled === 1);
    expect((await send(call(id++, 'everything__echo', { message: 'still here' }))).body).toContain('Echo: still here');
    expect((await seen(id++)).cancelled).toBe(1);
    globalThis.AbortController = Original;
    // A cancelled request is answered with nothing (spec: the receiver does not respond): its POST ends when the session does.
    await h.bridge.close();
    expect((await slow).status).not.toBe(0);
  });
});
