import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpHeaders } from '../support/bridge-harness';
import { tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

/** A body past the bridge's 4 MiB, sent as Node's fetch (and so the SDK client) sends it: a real `serve`, a real agent token. */
let served: Served;
let port: number;
let token: string;

beforeAll(async () => {
  served = await startServe(tempHome());
  port = Number(new URL(served.bridge ?? '').port);
  const added = await served.api('addAgent', { name: 'sender', servers: [], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
  token = (added.body.result as { token: string }).token;
}, 60_000);

afterAll(async () => {
  await served.stop();
});

describe('an oversized request body', () => {
  it('reaches a client still sending it as the 413 and its JSON error, never as a reset', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: 'x'.repeat(5 * 1024 * 1024) } });
    // A cut connection does not reach every send as a reset: several make one sure to, were the bridge to cut it.
    for (let i = 0; i < 6; i++) {
      const streamed = i % 2 === 1;
      const sent = streamed ? new Blob([body]).stream() : body;
      const res = await fetch(`http://127.0.0.1:${port}/mcp`, { method: 'POST', headers: mcpHeaders(port, token), body: sent, duplex: 'half' } as RequestInit);
      expect(res.status, streamed ? 'chunked' : 'with its length').toBe(413);
      expect(res.headers.get('connection')).toBe('close');
      expect(await res.json()).toEqual({ jsonrpc: '2.0', error: { code: -32600, message: 'Payload Too Large: the limit is 4194304 bytes' }, id: null });
    }
  }, 60_000);
});
