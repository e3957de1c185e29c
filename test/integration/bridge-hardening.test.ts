import { request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everythingServer } from '../fixtures/servers/config';
import { INITIALIZE, mcpHeaders, rawRequest, startBridge, type BridgeHarness, type RawResponse } from '../support/bridge-harness';
import { messageOf } from '../support/modern-raw';

let h: BridgeHarness;
let port: number;
let token: string;

beforeAll(async () => {
  h = await startBridge({ everything: everythingServer() }, { maxBodyBytes: 64 * 1024 });
  // Started here: a first call that starts it takes ~1 s, past which its answer would turn SSE (sse-headers.ts).
  await h.pool.start('everything');
  port = h.bridge.port;
  token = (await h.bridge.agents.add('agent', { servers: ['*'] })).token;
});

afterAll(async () => {
  await h.close();
});

function noCors(res: RawResponse): void {
  expect(Object.keys(res.headers).filter((k) => k.startsWith('access-control-'))).toEqual([]);
}

function rpcError(res: RawResponse): { code: number; message: string } {
  return (JSON.parse(res.body) as { error: { code: number; message: string } }).error;
}

async function alive(): Promise<void> {
  const res = await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE });
  expect(res.status).toBe(200);
  expect(res.headers['mcp-session-id']).toBeTruthy();
}

describe('bridge hardening (DNS rebinding, CSRF, tokens, bodies)', () => {
  it('refuses a foreign or lookalike Host with 403 before anything else, even with a valid token', async () => {
    for (const host of ['evil.example', `evil.example:${port}`, `127.0.0.1.evil.com:${port}`, `localhost.evil.com:${port}`, `127.0.0.1:${port + 1}`, '127.0.0.1']) {
      const res = await rawRequest(port, { headers: mcpHeaders(port, token, { Host: host }), body: INITIALIZE });
      expect(res.status, host).toBe(403);
      noCors(res);
    }
    // This computer's other names are not surely the bridge (it listens on 127.0.0.1 only): refused, naming its address.
    for (const host of [`localhost:${port}`, `[::1]:${port}`]) {
      const res = await rawRequest(port, { headers: mcpHeaders(port, token, { Host: host }), body: INITIALIZE });
      expect(res.status, host).toBe(403);
      expect(rpcError(res).message, host).toContain(`the bridge's address is http://127.0.0.1:${port}/mcp`);
    }
    await alive();
  });

  it('refuses two Host lines and an absolute-form target with 400, as written on the wire, even with a valid token', async () => {
    // Written by hand: an HTTP client sends neither, which is why only a program aiming at the bridge would.
    const raw = (head: string): Promise<string> =>
      new Promise((resolve, reject) => {
        // Written, not ended: the server closes after its answer (Connection: close).
        const socket = connect(port, '127.0.0.1', () => socket.write(`${head}\r\n${INITIALIZE}`));
        socket.setTimeout(10_000, () => socket.destroy());
        let answer = '';
        socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const lines = (target: string, hosts: string[]): string =>
      [`POST ${target} HTTP/1.1`, ...hosts.map((h) => `Host: ${h}`), `Authorization: Bearer ${token}`, 'Content-Type: application/json', 'Accept: application/json, text/event-stream', `Content-Length: ${Buffer.byteLength(INITIALIZE)}`, 'Connection: close', ''].join('\r\n');
    const twoHosts = await raw(lines('/mcp', [`127.0.0.1:${port}`, 'evil.example']));
    expect(twoHosts).toMatch(/^HTTP\/1\.1 400 /);
    expect(twoHosts).toContain('more than one Host header');
    const absolute = await raw(lines('http://evil.example/mcp', [`127.0.0.1:${port}`]));
    expect(absolute).toMatch(/^HTTP\/1\.1 400 /);
    expect(absolute).toContain('the request target must be the path /mcp');
    await alive();
  });

  it('refuses a foreign Origin and Origin: null with 403, and never sends CORS headers', async () => {
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${port}.evil.com`, 'http://localhost:6274', `http://localhost:${port}`, `http://[::1]:${port}`, `http://127.0.0.1:${port + 1}`, `https://127.0.0.1:${port}`]) {
      const res = await rawRequest(port, { headers: mcpHeaders(port, token, { Origin: origin }), body: INITIALIZE });
      expect(res.status, origin).toBe(403);
      noCors(res);
    }
    // Its own address names no page (the bridge serves none): accepted, as the MCP DNS-rebinding check expects.
    for (const origin of [`http://127.0.0.1:${port}`]) {
      const res = await rawRequest(port, { headers: mcpHeaders(port, token, { Origin: origin }), body: INITIALIZE });
      expect(res.status, origin).toBe(200);
      noCors(res);
    }
    const preflight = await rawRequest(port, {
      method: 'OPTIONS',
      headers: { Host: `127.0.0.1:${port}`, Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.status).toBe(403);
    noCors(preflight);
    const ok = await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE });
    noCors(ok);
  });

  it('answers 401 with WWW-Authenticate for no token, a wrong token, or a token in the query string', async () => {
    const none = await rawRequest(port, { headers: mcpHeaders(port, undefined), body: INITIALIZE });
    expect(none.status).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer realm="connected-services"');
    const wrong = await rawRequest(port, { headers: mcpHeaders(port, `${token.slice(0, -2)}xx`), body: INITIALIZE });
    expect(wrong.status).toBe(401);
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="connected-services", error="invalid_token"');
    const basic = await rawRequest(port, { headers: mcpHeaders(port, undefined, { Authorization: `Basic ${token}` }), body: INITIALIZE });
    expect(basic.status).toBe(401);
    // A valid token in the URL is refused, with or without the header.
    for (const path of [`/mcp?token=${token}`, `/mcp?access_token=${token}`, `/mcp?x=${token}`]) {
      expect((await rawRequest(port, { path, headers: mcpHeaders(port, undefined), body: INITIALIZE })).status, path).toBe(401);
      expect((await rawRequest(port, { path, headers: mcpHeaders(port, token), body: INITIALIZE })).status, path).toBe(401);
    }
    expect(none.body).not.toContain(token);
  });

  it('has no other endpoints: other paths 404, other methods 405', async () => {
    for (const path of ['/', '/mcp/', '/sse', '/messages', '/.well-known/oauth-protected-resource', '/mcp/../admin']) {
      const res = await rawRequest(port, { path, headers: mcpHeaders(port, token), body: INITIALIZE });
      expect(res.status, path).toBe(404);
    }
    expect((await rawRequest(port, { method: 'PUT', headers: mcpHeaders(port, token), body: INITIALIZE })).status).toBe(405);
  });

  it('refuses oversized bodies with 413, declared or streamed', async () => {
    // Declared too large: refused from the header, before the body is read.
    const declared = await rawRequest(port, { headers: mcpHeaders(port, token, { 'Content-Length': String(10 * 1024 * 1024) }), body: '{' });
    expect(declared.status).toBe(413);
    expect(declared.headers['connection']).toBe('close');
    // Streamed (chunked, no length): refused once the limit is passed.
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { pad: 'x'.repeat(128 * 1024) } });
    const chunked = await rawRequest(port, { headers: mcpHeaders(port, token, { 'Transfer-Encoding': 'chunked' }), body: big });
    expect(chunked.status).toBe(413);
    expect(rpcError(chunked).message).toContain('Payload Too Large');
    await alive();
  });

  it('answers 1,000 malformed bodies with JSON-RPC errors and stays alive', async () => {
    const bodies = ['{', '', 'null', '[]', '{}', '[1,2]', '{"jsonrpc":"2.0"}', '{"jsonrpc":"1.0","id":1,"method":"x"}', '\u0000\u0001', '{"jsonrpc":"2.0","id":{},"method":7}'];
    for (let round = 0; round < 10; round++) {
      const results = await Promise.all(
        Array.from({ length: 100 }, (_, i) => rawRequest(port, { headers: mcpHeaders(port, token), body: bodies[i % bodies.length] ?? '' })),
      );
      for (const res of results) {
        expect(res.status).toBe(400);
        expect([-32700, -32600]).toContain(rpcError(res).code);
      }
    }
    await alive();
  });

  it('refuses requests without a session, and unknown sessions with 404', async () => {
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' });
    expect((await rawRequest(port, { headers: mcpHeaders(port, token), body: ping })).status).toBe(400);
    const unknown = await rawRequest(port, { headers: mcpHeaders(port, token, { 'Mcp-Session-Id': 'not-a-session' }), body: ping });
    expect(unknown.status).toBe(404);
    expect(rpcError(unknown).code).toBe(-32001);
  });

  it('answers params that break a method\'s schema with -32602 naming the field, never -32603 and a schema dump', async () => {
    const init = await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE });
    const headers = mcpHeaders(port, token, { 'Mcp-Session-Id': String(init.headers['mcp-session-id']) });
    await rawRequest(port, { headers, body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
    const ask = async (method: string, params: unknown) => rpcError(await rawRequest(port, { headers, body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }) }));
    for (const bad of ['str', null, [1, 2], 5]) {
      const error = await ask('tools/call', { name: 'everything__echo', arguments: bad });
      expect(error.code).toBe(-32602);
      expect(error.message).toMatch(/^Invalid params: params\.arguments: /);
      expect(error.message).not.toContain('\n');
    }
    expect(await ask('resources/read', { uri: 5 })).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params: params\.uri: /) as unknown });
    expect(await ask('prompts/get', {})).toMatchObject({ code: -32602, message: expect.stringMatching(/^Invalid params: params\.name: /) as unknown });
    await alive();
  });

  it('says "no-store" and "nosniff" on every answer: refusals, JSON, 202, SSE, the GET stream, DELETE', async () => {
    const seen: Array<[string, RawResponse]> = [];
    const send = async (what: string, options: Parameters<typeof rawRequest>[1]): Promise<RawResponse> => {
      const res = await rawRequest(port, options);
      seen.push([what, res]);
      return res;
    };
    const init = await send('initialize (200 JSON)', { headers: mcpHeaders(port, token), body: INITIALIZE });
    const sid = String(init.headers['mcp-session-id']);
    const session = (extra: Record<string, string> = {}): Record<string, string> => mcpHeaders(port, token, { 'Mcp-Session-Id': sid, ...extra });
    await send('notification (202)', { headers: session(), body: JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) });
    const call = (progress: boolean): string =>
      JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'everything__echo', arguments: { message: 'hi' }, ...(progress && { _meta: { progressToken: 1 } }) } });
    // A JSON answer: a ping, which the bridge answers itself (a call that ran past a second would turn SSE).
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' });
    expect((await send('ping (200 JSON)', { headers: session(), body: ping })).headers['content-type']).toBe('application/json');
    expect((await send('tools/call (200 SSE)', { headers: session(), body: call(true) })).headers['content-type']).toBe('text/event-stream');
    await send('foreign Host (403)', { headers: mcpHeaders(port, token, { Host: 'evil.example' }), body: INITIALIZE });
    await send('no token (401)', { headers: mcpHeaders(port, undefined), body: INITIALIZE });
    await send('other path (404)', { path: '/x', headers: mcpHeaders(port, token), body: INITIALIZE });
    await send('other method (405)', { method: 'PUT', headers: mcpHeaders(port, token), body: INITIALIZE });
    await send('too large (413)', { headers: mcpHeaders(port, token, { 'Content-Length': String(10 * 1024 * 1024) }), body: '{' });
    await send('bad JSON (400)', { headers: mcpHeaders(port, token), body: '{' });
    await send('no session (400)', { headers: mcpHeaders(port, token), body: call(false) });
    await send('unknown session (404)', { headers: mcpHeaders(port, token, { 'Mcp-Session-Id': 'nope' }), body: call(false) });
    await send('wrong Accept (406)', { headers: session({ Accept: 'application/json' }), body: call(false) });
    await send('wrong Content-Type (415)', { headers: session({ 'Content-Type': 'text/plain' }), body: call(false) });
    // The GET stream stays open: its headers are all there is to read.
    const stream = await new Promise<RawResponse>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, method: 'GET', path: '/mcp', headers: session({ Accept: 'text/event-stream' }), agent: false }, (res) => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
        req.destroy();
      });
      req.on('error', reject);
      req.end();
    });
    seen.push(['GET stream (200 SSE)', stream]);
    await send('DELETE (200)', { method: 'DELETE', headers: session() });
    expect(seen.map(([what, res]) => `${what}: ${res.status}`)).toEqual([
      'initialize (200 JSON): 200',
      'notification (202): 202',
      'ping (200 JSON): 200',
      'tools/call (200 SSE): 200',
      'foreign Host (403): 403',
      'no token (401): 401',
      'other path (404): 404',
      'other method (405): 405',
      'too large (413): 413',
      'bad JSON (400): 400',
      'no session (400): 400',
      'unknown session (404): 404',
      'wrong Accept (406): 406',
      'wrong Content-Type (415): 415',
      'GET stream (200 SSE): 200',
      'DELETE (200): 200',
    ]);
    for (const [what, res] of seen) {
      expect(res.headers['cache-control'], what).toBe('no-store');
      expect(res.headers['x-content-type-options'], what).toBe('nosniff');
    }
    expect(seen.find(([what]) => what.startsWith('other method'))?.[1].headers['allow']).toBe('GET, POST, DELETE');
  });

  it('answers each request id as given, names of object properties and "1" beside 1 included', async () => {
    const init = await rawRequest(port, { headers: mcpHeaders(port, token), body: INITIALIZE });
    const session = mcpHeaders(port, token, { 'Mcp-Session-Id': String(init.headers['mcp-session-id']) });
    const ids: Array<string | number> = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', '', 0, -1, 1, '1', 2 ** 40];
    const answers = await Promise.all(
      ids.map((id) =>
        rawRequest(port, {
          headers: session,
          body: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: 'everything__echo', arguments: { message: `id ${JSON.stringify(id)}` } } }),
        }),
      ),
    );
    answers.forEach((res, i) => {
      const reply = messageOf(res.body) as { id: unknown; result: { content: Array<{ text: string }> } };
      expect(reply.id).toBe(ids[i]);
      expect(reply.result.content[0]?.text).toBe(`Echo: id ${JSON.stringify(ids[i])}`);
    });
  });
});
