import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INITIALIZE, mcpHeaders, rawRequest, startBridge, type BridgeHarness } from '../support/bridge-harness';

// A gzip body was answered as a parse error (-32700), and one declared UTF-16 was read as UTF-8.
describe('a body the bridge would misread', () => {
  let h: BridgeHarness;
  let token = '';
  beforeAll(async () => {
    h = await startBridge({});
    ({ token } = await h.bridge.agents.add('enc', { servers: ['*'] }));
  });
  afterAll(async () => {
    await h.close();
  });

  it('is refused with 415 saying what to send; a plain UTF-8 one is served', async () => {
    const port = h.bridge.port;
    const gzip = await rawRequest(port, { headers: mcpHeaders(port, token, { 'Content-Encoding': 'gzip' }), body: INITIALIZE });
    expect(gzip.status).toBe(415);
    expect(gzip.body).toContain('send it uncompressed');
    const utf16 = await rawRequest(port, { headers: mcpHeaders(port, token, { 'Content-Type': 'application/json; charset=utf-16' }), body: INITIALIZE });
    expect(utf16.status).toBe(415);
    expect(utf16.body).toContain('not charset=utf-16');
    const plain = await rawRequest(port, { headers: mcpHeaders(port, token, { 'Content-Type': 'application/json; charset=utf-8' }), body: INITIALIZE });
    expect(plain.status).toBe(200);
  });
});
