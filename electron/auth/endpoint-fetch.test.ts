import { createServer as createHttpServer, type IncomingHttpHeaders } from 'node:http';
import { createServer as createNetServer, type AddressInfo, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createEndpointFetch, type EndpointFetch, type ReachInit, type Resolver } from './endpoint-fetch';
import { scriptedResolver } from '../../test/support/scripted-resolver';
import type { FetchLike } from '../net';
import { rejection } from '../../test/support/rejection';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** The reach guardedFetch gives a request for a server on this computer (these tests' servers are). */
const ON_THIS_COMPUTER: ReachInit = { reach: 'loopback' };

function endpointFetch(options: Parameters<typeof createEndpointFetch>[0]): EndpointFetch {
  const created = createEndpointFetch(options);
  cleanups.push(() => created.close());
  return created;
}

function listen(server: Server | ReturnType<typeof createHttpServer>): Promise<number> {
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

const neverCalled: FetchLike = () => Promise.reject(new Error('no request may be sent'));

describe('endpoint fetch: host names are resolved and every address checked', () => {
  it('refuses a host name that resolves to 169.254.169.254, before any request', async () => {
    const resolver = scriptedResolver(['169.254.169.254']);
    const { fetch } = endpointFetch({ fetch: neverCalled, resolver, policy: 'endpoint' });
    const error = await rejection(fetch('https://as.example.test/token', { method: 'POST' }));
    expect(error.code).toBe('denied');
    expect(error.message).toBe(
      'Refused the endpoint "https://as.example.test/token": as.example.test resolves to 169.254.169.254, a link-local address (169.254.0.0/16, where cloud metadata services answer).',
    );
    expect(error.hint).toContain('nothing was opened');
    expect(resolver.calls).toEqual(['as.example.test']);
  });

  it.each([
    [['93.184.216.34', '169.254.169.254'], 'link-local'],
    [['2606:4700::1', '64:ff9b::a9fe:a9fe'], 'NAT64'],
    [['::ffff:0:a9fe:a9fe'], 'IPv4-translated'],
    [['168.63.129.16'], 'Azure'],
    [['fd00:ec2::254'], 'AWS'],
    [['0.0.0.0'], 'unspecified'],
  ])('refuses when any of %j is refused', async (addresses, why) => {
    const { fetch } = endpointFetch({ fetch: neverCalled, resolver: scriptedResolver(addresses), policy: 'server' });
    const error = await rejection(fetch('https://mcp.example.test/mcp'));
    expect(error.code).toBe('denied');
    expect(error.message).toContain(why);
  });

  it('never asks about a localhost name (RFC 6761 §6.3): it is this computer, held to reach as 127.0.0.1 is', async () => {
    // Asked, the resolver would say 10.0.0.5 (or a public address): it is not asked.
    const resolver = scriptedResolver(['10.0.0.5']);
    const sent: unknown[] = [];
    const { fetch, answeredFrom } = endpointFetch({ fetch: (_url, init) => (sent.push(init), Promise.resolve(new Response('ok'))), resolver, policy: 'endpoint' });
    for (const host of ['localhost', 'app.localhost', 'A.B.LOCALHOST.']) {
      const response = await fetch(`http://${host}:9000/token`, ON_THIS_COMPUTER);
      expect(answeredFrom(response)).toEqual([{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }]);
      expect((await rejection(fetch(`https://${host}:9000/token`, { reach: 'private' } as ReachInit))).message).toContain('it points at this computer');
    }
    expect(sent).toHaveLength(3);
    expect(resolver.calls).toEqual([]);
  });

  it('a request that names no reach is held to the narrowest (public)', async () => {
    const { fetch } = endpointFetch({ fetch: neverCalled, resolver: scriptedResolver(['10.0.0.5']), policy: 'endpoint' });
    expect((await rejection(fetch('http://127.0.0.1:9/x'))).message).toContain('not on this computer');
    expect((await rejection(fetch('https://as.example.test/x'))).message).toContain('as.example.test resolves to 10.0.0.5: it points at a private network');
  });

  it('checks IP literals without resolving, and passes them on as they are', async () => {
    const resolver = scriptedResolver(['169.254.169.254']);
    const seen: string[] = [];
    const { fetch } = endpointFetch({ fetch: (url) => (seen.push(String(url)), Promise.resolve(new Response('ok'))), resolver, policy: 'endpoint' });
    expect((await fetch('http://127.0.0.1:9/x', ON_THIS_COMPUTER)).status).toBe(200);
    expect((await rejection(fetch('https://[64:ff9b::a9fe:a9fe]/x'))).message).toContain('NAT64');
    expect(seen).toEqual(['http://127.0.0.1:9/x']);
    expect(resolver.calls).toEqual([]);
  });

  it('says so when a name does not resolve', async () => {
    const resolver: Resolver = () => Promise.reject(new Error('getaddrinfo ENOTFOUND nowhere.test'));
    const error = await rejection(endpointFetch({ fetch: neverCalled, resolver, policy: 'endpoint' }).fetch('https://nowhere.test/x'));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toContain('Could not resolve nowhere.test');
  });
});

describe('endpoint fetch: the connection goes to the address that was checked', () => {
  it('DNS rebinding: the name answers 127.0.0.1 when checked, 169.254.169.254 afterwards; the request reaches 127.0.0.1', async () => {
    const requests: IncomingHttpHeaders[] = [];
    const server = createHttpServer((req, res) => {
      requests.push(req.headers);
      res.end('from 127.0.0.1');
    });
    const port = await listen(server);
    // Only this resolver knows rebind.test: a second lookup (ours or the system's) could not reach the server.
    const resolver = scriptedResolver(['127.0.0.1'], ['169.254.169.254']);
    const { fetch } = endpointFetch({ fetch: (url, init) => globalThis.fetch(url, init), resolver, policy: 'server' });

    const response = await fetch(`http://rebind.test:${port}/mcp`);
    expect(await response.text()).toBe('from 127.0.0.1');
    expect(requests[0]?.host).toBe(`rebind.test:${port}`);
    expect(resolver.calls).toEqual(['rebind.test']);

    // The next request resolves again, and the rebound answer is refused before anything is sent.
    expect((await rejection(fetch(`http://rebind.test:${port}/mcp`))).message).toContain('rebind.test resolves to 169.254.169.254');
    expect(requests).toHaveLength(1);
  });

  it('a name pinned for this step (the server reach told from it) connects to that answer; its second answer is never asked', async () => {
    const server = createHttpServer((_req, res) => res.end('pinned'));
    const port = await listen(server);
    // Asked again, the name would answer the metadata address: the request would be refused.
    const resolver = scriptedResolver(['169.254.169.254']);
    const { fetch, answeredFrom } = endpointFetch({ fetch: (url, init) => globalThis.fetch(url, init), resolver, policy: 'endpoint' });
    const pins = new Map([['mcp.rebind.test', [{ address: '127.0.0.1', family: 4 }]]]);
    const response = await fetch(`https://mcp.rebind.test:${port}/`, { ...ON_THIS_COMPUTER, pins } as ReachInit).catch((error: unknown) => error);
    // https to a plain HTTP listener fails the TLS handshake: what matters is where it connected and that nothing was resolved.
    expect(response).toBeInstanceOf(Error);
    expect(resolver.calls).toEqual([]);
    // A pinned answer is checked like a resolved one: out of reach is refused.
    expect((await rejection(fetch(`https://mcp.rebind.test:${port}/`, { reach: 'public', pins } as ReachInit))).message).toContain('mcp.rebind.test resolves to 127.0.0.1: it points at this computer');
    const plain = await fetch(`http://localhost:${port}/`, { ...ON_THIS_COMPUTER, pins: new Map([['localhost', [{ address: '127.0.0.1', family: 4 }]]]) } as ReachInit);
    expect(await plain.text()).toBe('pinned');
    // localhost is never looked up, not even in the pins: it is this computer's loopback addresses.
    expect(answeredFrom(plain)).toEqual([{ address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 }]);
    expect(resolver.calls).toEqual([]);
  });

  it('offers every checked address to the connection, so an IPv4-only server behind ::1 first is still reached', async () => {
    const server = createHttpServer((_req, res) => res.end('v4'));
    const port = await listen(server);
    const resolver = scriptedResolver(['::1', '127.0.0.1']);
    const { fetch } = endpointFetch({ fetch: (url, init) => globalThis.fetch(url, init), resolver, policy: 'server' });
    expect(await (await fetch(`http://dual.test:${port}/`)).text()).toBe('v4');
  });

  it('https: connects to the checked address with the original name in TLS SNI', async () => {
    const hellos: Buffer[] = [];
    const server = createNetServer((socket) => {
      // The ClientHello is all we need: the name in it can only be the SNI.
      socket.once('data', (chunk: Buffer) => {
        hellos.push(chunk);
        socket.destroy();
      });
    });
    const port = await listen(server);
    const resolver = scriptedResolver(['127.0.0.1'], ['169.254.169.254']);
    const { fetch } = endpointFetch({ fetch: (url, init) => globalThis.fetch(url, init), resolver, policy: 'endpoint' });
    await fetch(`https://as.rebind.test:${port}/token`, { method: 'POST', ...ON_THIS_COMPUTER }).catch(() => undefined);
    expect(hellos).toHaveLength(1);
    expect(hellos[0]?.includes('as.rebind.test')).toBe(true);
    expect(resolver.calls).toEqual(['as.rebind.test']);
  });
});

describe('endpoint fetch: a connection cut before any answer', () => {
  /** A fetch whose first request is cut as a kept-alive connection the server closed would be; and what it was sent. */
  function cutOnce(): { fetch: FetchLike; sent: string[] } {
    const sent: string[] = [];
    const fetch: FetchLike = (url, init) => {
      sent.push(`${init?.method ?? 'GET'} ${String(url)}`);
      if (sent.length > 1) return Promise.resolve(new Response('{}'));
      return Promise.reject(new TypeError('fetch failed', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }));
    };
    return { fetch, sent };
  }

  it('reads a metadata document again, once', async () => {
    const { fetch, sent } = cutOnce();
    const response = await endpointFetch({ fetch, policy: 'endpoint' }).fetch('http://127.0.0.1:9/.well-known/oauth-authorization-server', ON_THIS_COMPUTER);
    expect(response.status).toBe(200);
    expect(sent).toEqual(['GET http://127.0.0.1:9/.well-known/oauth-authorization-server', 'GET http://127.0.0.1:9/.well-known/oauth-authorization-server']);
  });

  it('never sends a token request twice: a refresh token may rotate on the first', async () => {
    const { fetch, sent } = cutOnce();
    const token = endpointFetch({ fetch, policy: 'endpoint' }).fetch('http://127.0.0.1:9/token', { method: 'POST', body: 'grant_type=refresh_token', ...ON_THIS_COMPUTER });
    await expect(token).rejects.toThrow('fetch failed');
    expect(sent).toEqual(['POST http://127.0.0.1:9/token']);
  });

  it("leaves the MCP server's own requests to the pool, which knows which of them only read", async () => {
    const { fetch, sent } = cutOnce();
    await expect(endpointFetch({ fetch, policy: 'server' }).fetch('http://127.0.0.1:9/mcp', ON_THIS_COMPUTER)).rejects.toThrow('fetch failed');
    expect(sent).toHaveLength(1);
  });
});

describe('endpoint fetch: a request not safe to repeat never reuses a kept-alive connection', () => {
  it('sends each token POST on a connection of its own, closed after it; reads share one (a pinned name and an IP literal alike)', async () => {
    const seen: { what: string; socket: number; connection: string | undefined }[] = [];
    const sockets = new Map<unknown, number>();
    const server = createHttpServer((req, res) => {
      if (!sockets.has(req.socket)) sockets.set(req.socket, sockets.size + 1);
      seen.push({ what: `${req.method ?? ''} ${req.url ?? ''}`, socket: sockets.get(req.socket) ?? 0, connection: req.headers.connection });
      req.resume();
      req.on('end', () => res.end('{}'));
    });
    const port = await listen(server);
    const { fetch } = endpointFetch({ fetch: (url, init) => globalThis.fetch(url, init), resolver: scriptedResolver([]), policy: 'endpoint' });
    for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      seen.length = 0;
      sockets.clear();
      for (const [path, method] of [['/meta', 'GET'], ['/token', 'POST'], ['/jwks', 'GET'], ['/token', 'POST']] as const) {
        const response = await fetch(`${origin}${path}`, { method, ...(method === 'POST' ? { body: 'grant_type=refresh_token' } : {}), ...ON_THIS_COMPUTER });
        await response.text();
      }
      const [meta, firstToken, jwks, secondToken] = seen;
      expect(seen.map((request) => request.what)).toEqual(['GET /meta', 'POST /token', 'GET /jwks', 'POST /token']);
      // The reads keep their connection; each POST has a new one, which it asks to close (RFC 9112 §9.6).
      expect(jwks?.socket).toBe(meta?.socket);
      expect(new Set([meta?.socket, firstToken?.socket, secondToken?.socket]).size).toBe(3);
      expect([firstToken?.connection, secondToken?.connection]).toEqual(['close', 'close']);
      expect(meta?.connection).not.toBe('close');
    }
  });
});
