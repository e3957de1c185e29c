import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_INITIALIZE_BYTES, MAX_LISTEN_BYTES } from '../../electron/bridge/kept-request-bounds';
import { envelope, MODERN } from '../support/modern-raw';
import { mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';

function initialize(port: number, token: string, params: Record<string, unknown>) {
  return rawRequest(port, { headers: mcpHeaders(port, token), body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params }) });
}

const CLIENT = { name: 'raw', version: '1' };

// Each session keeps its initialize's capabilities and clientInfo: 120 initializes of 3.9 MB each,
// under the 4 MiB body limit, held some 600 MB of serve's memory until the sessions' idle expiry.
describe('a request the bridge keeps (an initialize, a listen) is bounded before it is kept', () => {
  let h: BridgeHarness;
  let port = 0;
  let token = '';
  beforeAll(async () => {
    h = await startBridge({});
    port = h.bridge.port;
    ({ token } = await h.bridge.agents.add('padder', { servers: ['*'] }));
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses one past the bound with invalid params, and keeps no session for it', async () => {
    const padded = { protocolVersion: '2025-11-25', capabilities: { experimental: { pad: { s: 'x'.repeat(MAX_INITIALIZE_BYTES) } } }, clientInfo: CLIENT };
    for (let i = 0; i < 5; i++) {
      const refused = await initialize(port, token, padded);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.body)).toMatchObject({ error: { code: -32602, message: expect.stringContaining(`at most ${MAX_INITIALIZE_BYTES} bytes`) as unknown } });
      expect(refused.headers['mcp-session-id']).toBeUndefined();
    }
    expect(h.bridge.connections().filter((c) => c.agent === 'padder')).toEqual([]);
  });

  it('says what a malformed initialize lacks, instead of asking for a session id', async () => {
    const refused = await initialize(port, token, {});
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: -32602, message: expect.stringContaining('protocolVersion') as unknown } });
  });

  it('opens a session for an initialize within the bound, however large its icon', async () => {
    const icon = `data:image/png;base64,${'A'.repeat(64 * 1024)}`;
    const opened = await initialize(port, token, { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { ...CLIENT, icons: [{ src: icon }] } });
    expect(opened.status).toBe(200);
    expect(opened.headers['mcp-session-id']).toEqual(expect.any(String));
    expect(h.bridge.connections().filter((c) => c.agent === 'padder')).toHaveLength(1);
  });

  // A 2026-07-28 listen is held while its stream is open: 64 streams padded to the body limit held 256 MiB.
  it('refuses a subscriptions/listen past its bound before a stream opens', async () => {
    const headers = mcpHeaders(port, token, { 'MCP-Protocol-Version': MODERN, 'Mcp-Method': 'subscriptions/listen' });
    const listen = (pad: number) =>
      rawRequest(port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'subscriptions/listen', params: { notifications: { toolsListChanged: true }, _meta: envelope({ experimental: { pad: { s: 'x'.repeat(pad) } } }) } }) });
    const refused = await listen(MAX_LISTEN_BYTES);
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body)).toMatchObject({ error: { code: -32602, message: expect.stringContaining(`at most ${MAX_LISTEN_BYTES} bytes`) as unknown } });
  });
});
