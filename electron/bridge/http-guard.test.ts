import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseJsonRpc } from './http-body';
import { refuseEarly } from './http-guard';

const PORT = 47781;

/** A request as Node parsed it: `headers` keeps the first of repeated Host lines, `rawHeaders` every line (`extra`: more lines). */
function req(headers: Record<string, string>, url = '/mcp', method = 'POST', extra: Array<[string, string]> = []): IncomingMessage {
  const rawHeaders = [...Object.entries(headers), ...extra].flat();
  return { headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])), rawHeaders, url, method } as unknown as IncomingMessage;
}

describe('refuseEarly', () => {
  const host = { Host: `127.0.0.1:${PORT}` };

  it('accepts its one address, 127.0.0.1 with the port, and no Origin', () => {
    expect(refuseEarly(req(host), PORT)).toBeUndefined();
  });

  it('refuses `localhost` and `[::1]` in Host, naming its address: a client may reach another program on [::1] by those names', () => {
    for (const h of [`localhost:${PORT}`, `[::1]:${PORT}`, `LOCALHOST:${PORT}`]) {
      expect(refuseEarly(req({ Host: h }), PORT), h).toMatchObject({
        status: 403,
        message: `Forbidden: the bridge's address is http://127.0.0.1:${PORT}/mcp, not ${h.toLowerCase()}: a client may send localhost to [::1]:${PORT}, which another program may hold, so write 127.0.0.1`,
        // For the audit (http-endpoint.ts): the Host it named.
        misnamed: { header: 'Host', value: h.toLowerCase() },
      });
    }
  });

  it('marks no other refusal as misnamed: a foreign Host, a foreign Origin or another port\'s, a path', () => {
    const others = [req({ Host: 'evil.com' }), req({ Host: `localhost:${PORT + 1}` }), req({ ...host, Origin: 'https://evil.com' }), req({ ...host, Origin: `http://localhost:${PORT + 1}` }), req(host, '/')];
    for (const other of others) expect(refuseEarly(other, PORT)?.misnamed).toBeUndefined();
  });

  it('marks a page of origin `localhost` or `[::1]` at its port as misnamed, for the audit: another program served it', () => {
    for (const o of [`http://localhost:${PORT}`, `http://[::1]:${PORT}`, `HTTP://LOCALHOST:${PORT}`]) {
      expect(refuseEarly(req({ ...host, Origin: o }), PORT)?.misnamed, o).toEqual({ header: 'Origin', value: o.toLowerCase() });
    }
  });

  it("accepts only the bridge's own address as an Origin (it serves no page); an empty one, `localhost` and `[::1]` are refused", () => {
    expect(refuseEarly(req({ ...host, Origin: `http://127.0.0.1:${PORT}` }), PORT)).toBeUndefined();
    for (const o of ['', `http://localhost:${PORT}`, `http://[::1]:${PORT}`]) {
      expect(refuseEarly(req({ ...host, Origin: o }), PORT), o).toMatchObject({ status: 403, message: 'Forbidden: requests from web pages are not accepted' });
    }
  });

  it('refuses foreign, lookalike and portless hosts with 403', () => {
    for (const h of ['evil.com', `evil.com:${PORT}`, `127.0.0.1.evil.com:${PORT}`, '127.0.0.1', `127.0.0.1:${PORT + 1}`, `localhost:${PORT}@evil.com`, '']) {
      expect(refuseEarly(req({ Host: h }), PORT)?.status).toBe(403);
    }
    expect(refuseEarly(req({}), PORT)?.status).toBe(403);
  });

  it('refuses any other Origin, null included, with 403', () => {
    for (const o of ['null', 'https://evil.com', `http://127.0.0.1:${PORT}.evil.com`, `http://localhost:${PORT + 1}`, `https://127.0.0.1:${PORT}`]) {
      expect(refuseEarly(req({ ...host, Origin: o }), PORT)?.status).toBe(403);
    }
  });

  it('refuses other paths (404), other methods (405) and credentials in the query (401)', () => {
    expect(refuseEarly(req(host, '/'), PORT)?.status).toBe(404);
    expect(refuseEarly(req(host, '/mcp/x'), PORT)?.status).toBe(404);
    expect(refuseEarly(req(host, '/mcp', 'PUT'), PORT)).toMatchObject({ status: 405, headers: { Allow: 'GET, POST, DELETE' } });
    expect(refuseEarly(req(host, '/mcp', 'OPTIONS'), PORT)?.status).toBe(405);
    for (const q of ['?token=abc', '?access_token=abc', '?x=cs_agent_abc', '?api_key=1', '?Authorization=Bearer']) {
      const refusal = refuseEarly(req(host, `/mcp${q}`), PORT);
      expect(refusal?.status).toBe(401);
      expect(refusal?.headers?.['WWW-Authenticate']).toContain('Bearer realm="connected-services"');
    }
    expect(refuseEarly(req(host, '/mcp?debug=1'), PORT)).toBeUndefined();
  });

  it('refuses two Host lines, whichever comes first, and an absolute-form target whose authority would outrank Host (400)', () => {
    expect(refuseEarly(req(host, '/mcp', 'POST', [['host', 'evil.example']]), PORT)).toMatchObject({ status: 400, message: 'Bad Request: more than one Host header' });
    expect(refuseEarly(req(host, '/mcp', 'POST', [['HOST', `127.0.0.1:${PORT}`]]), PORT)?.status).toBe(400);
    for (const target of ['http://evil.example/mcp', `http://127.0.0.1:${PORT}/mcp`, '*', 'mcp']) {
      expect(refuseEarly(req(host, target), PORT), target).toMatchObject({ status: 400, message: 'Bad Request: the request target must be the path /mcp' });
    }
  });
});

describe('parseJsonRpc', () => {
  it('tells parse errors (-32700) from invalid requests (-32600)', () => {
    expect(parseJsonRpc('{')).toMatchObject({ ok: false, rpcCode: -32700 });
    expect(parseJsonRpc('')).toMatchObject({ ok: false, rpcCode: -32700 });
    for (const body of ['1', '"x"', 'null', '[]', '{}', '{"jsonrpc":"1.0","method":"x"}', '{"jsonrpc":"2.0","method":5}', '[{"jsonrpc":"2.0","method":"a"},3]', '{"jsonrpc":"2.0","id":1}']) {
      expect(parseJsonRpc(body)).toMatchObject({ ok: false, rpcCode: -32600 });
    }
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":1,"method":"ping"}')).toMatchObject({ ok: true });
    expect(parseJsonRpc('{"jsonrpc":"2.0","method":"notifications/initialized"}')).toMatchObject({ ok: true });
    expect(parseJsonRpc('{"jsonrpc":"2.0","id":1,"result":{}}')).toMatchObject({ ok: true });
  });
});
