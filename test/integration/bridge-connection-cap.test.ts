import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIALIZE, mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';
import { droppedUnanswered, holdConnections, releaseAll, statusLineOn } from '../support/held-connections';
import { waitFor } from '../support/server-harness';

// A cap of 8 here (the factory's option); the bridge's own is MAX_LOOPBACK_CONNECTIONS (electron/net).
const CAP = 8;
let h: BridgeHarness;

beforeAll(async () => {
  h = await startBridge({}, { maxConnections: CAP });
});

afterAll(async () => {
  await h.close();
});

describe('the bridge keeps at most its cap of connections open', () => {
  it('drops connections past the cap unanswered while a held one is still answered, and takes new ones once some close', async () => {
    const { port } = h.bridge;
    const { token } = await h.bridge.agents.add('agent', { servers: ['*'] });
    const held = await holdConnections(port, CAP);
    for (let i = 0; i < 3; i += 1) expect(await droppedUnanswered(port)).toBe(true);
    // A connection the bridge holds is still answered at the cap (401: this GET carries no token).
    expect(await statusLineOn(held[0]!, '/mcp', `127.0.0.1:${port}`)).toBe('HTTP/1.1 401 Unauthorized');
    await releaseAll(held.slice(1, 3));
    const res = await waitFor('a connection taken again', async () => {
      const answer = await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE });
      return answer.status === 200 ? answer : undefined;
    });
    expect(res.headers['mcp-session-id']).toBeTruthy();
    await releaseAll(held);
  });
});
