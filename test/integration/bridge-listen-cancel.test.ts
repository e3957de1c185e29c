import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LISTEN_ACK_MS } from '../../electron/pool/resource-subscriber';
import { startSubscribeServer, type SubscribeServer } from '../fixtures/servers/modern-subscribe-server';
import { startBridge, type BridgeHarness } from '../support/bridge-harness';
import { connectModernAgent, type ModernAgent } from '../support/modern-agent';

// An agent that cancelled its listen left the bridge's upstream listen waiting for an acknowledgement
// the server never sent, its stream held open until the pool's own bound on that wait ran out.
let server: SubscribeServer;
let h: BridgeHarness;
const agents: ModernAgent[] = [];

beforeAll(async () => {
  server = await startSubscribeServer({ silentListen: 'resources' });
  // Its listen waits the bridge's longest bound for an acknowledgement.
  h = await startBridge({ quiet: { type: 'http', url: server.url, startupTimeoutMs: 2 * LISTEN_ACK_MS } });
  await h.pool.start('quiet');
}, 60_000);

afterAll(async () => {
  for (const a of agents) await a.close();
  await h?.close();
  await server?.close();
});

describe('an agent that cancels its listen while its server has not acknowledged the upstream one (2026-07-28)', () => {
  it('ends the upstream listen at once: its stream is closed at the server', async () => {
    const { token } = await h.bridge.agents.add('canceller', { servers: ['quiet'], policy: { read: 'allow', write: 'allow', destructive: 'deny' } });
    const a = await connectModernAgent(h.bridge.url, token);
    agents.push(a);
    const cancel = new AbortController();
    const listening = a.client.listen({ resourceSubscriptions: ['file:///a'] }, { signal: cancel.signal }).then(
      () => 'acknowledged',
      () => 'cancelled',
    );
    await vi.waitFor(() => expect(server.listens.silentOpen).toBe(1), { timeout: 10_000 });
    cancel.abort();
    expect(await listening).toBe('cancelled');
    // Well within the pool's own bound on the wait, after which it would have ended it anyway.
    await vi.waitFor(() => expect(server.listens.silentOpen).toBe(0), { timeout: LISTEN_ACK_MS / 2 });
  }, 60_000);
});
