import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { freePort } from '../support/ports';
import { tempDir } from '../support/server-harness';
import { rejection } from '../support/rejection';

const pools: Pool[] = [];
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))));
});

function newPool(options: Partial<Parameters<typeof createPool>[0]> = {}): Pool {
  const pool = createPool({ cacheDir: tempDir('pool-http-'), ...options });
  pools.push(pool);
  return pool;
}


/** An MCP endpoint that refuses every request with `status`, recording what it was sent. */
async function refusingServer(status: number): Promise<{ url: string; requests: IncomingHttpHeaders[] }> {
  const requests: IncomingHttpHeaders[] = [];
  const server = createServer((req, res) => {
    requests.push(req.headers);
    req.resume();
    res.writeHead(status, {
      'content-type': 'application/json',
      'www-authenticate': 'Bearer resource_metadata="http://127.0.0.1/.well-known/oauth-protected-resource"',
    });
    res.end(JSON.stringify({ error: 'invalid_token' }));
  });
  servers.push(server);
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/mcp`, requests };
}

describe('pool: HTTP errors', () => {
  it('says the server is not running when the connection is refused', async () => {
    const url = `http://127.0.0.1:${await freePort()}/mcp`;
    const pool = newPool();
    await pool.apply({ mcpServers: { remote: { type: 'http', url } } });
    const error = await rejection(pool.start('remote'));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toBe(`could not reach "remote" at ${url} (ECONNREFUSED): nothing answers there`);
    expect(error.hint).toBe(`is the server running at ${url}?`);
    expect(pool.status('remote')).toMatchObject({ state: 'error', lastError: { code: 'server_unavailable' } });
  });

  it('turns 401 into needs_auth with a connect hint, without retrying on every call', async () => {
    const { url, requests } = await refusingServer(401);
    const pool = newPool({
      // The OAuth coordinator's seam: here it only adds a (stale) token.
      httpFetch: () => (input, init) => {
        const headers = new Headers(init?.headers);
        headers.set('authorization', 'Bearer stale-token-123456');
        return fetch(input, { ...init, headers });
      },
    });
    await pool.apply({ mcpServers: { remote: { type: 'http', url, headers: { 'x-team': 'blue' } } } });
    const error = await rejection(pool.start('remote'));
    expect(error.code).toBe('auth_required');
    expect(error.hint).toBe('run `connected-services connect remote`');
    const status = pool.status('remote');
    expect(status.state).toBe('needs_auth');
    expect(status.lastError).toMatchObject({ code: 'auth_required', hint: 'Run `connected-services connect remote`' });
    // Config headers (requestInit) and the seam's headers both reached the server.
    expect(requests[0]?.['x-team']).toBe('blue');
    expect(requests[0]?.authorization).toBe('Bearer stale-token-123456');

    const sent = requests.length;
    for (let i = 0; i < 3; i++) expect((await rejection(pool.callTool('remote', 'echo', {}))).code).toBe('auth_required');
    expect(requests.length).toBe(sent);
    // An explicit start (after the person reconnects) tries again, once.
    expect((await rejection(pool.start('remote'))).code).toBe('auth_required');
    expect(requests.length).toBe(sent + 1);
  });

  it('treats 403 like 401', async () => {
    const { url } = await refusingServer(403);
    const pool = newPool();
    await pool.apply({ mcpServers: { remote: { type: 'http', url } } });
    expect((await rejection(pool.start('remote'))).code).toBe('auth_required');
    expect(pool.status('remote').state).toBe('needs_auth');
  });

  it('reports other HTTP failures as server_unavailable', async () => {
    const { url } = await refusingServer(500);
    const pool = newPool();
    await pool.apply({ mcpServers: { remote: { type: 'http', url } } });
    const error = await rejection(pool.start('remote'));
    expect(error.code).toBe('server_unavailable');
    expect(error.message).toContain('HTTP 500');
    expect(error.hint).toBe(`is the server running at ${url}?`);
  });
});
