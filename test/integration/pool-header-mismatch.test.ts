import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { MAX_LISTING_BYTES } from '../../electron/pool/listing-bound';
import { ENDLESS_PAGE_BYTES, startMismatchServer, type MismatchServer } from '../fixtures/servers/mismatch-server';
import { tempDir, waitFor } from '../support/server-harness';

/**
 * A 2026-07-28 server's header mismatch (-32020, SEP-2243) on a tools/call: the pool lists the tools
 * again through its own bounded walk (electron/pool/listing-bound.ts), never the SDK client's (64
 * pages of a message's bound each), and sends the call once more with the fresh definition. A real
 * SDK v2 server's gate refuses the call; what it lists is as it is, endless, or never what it checks.
 */
const pools: Pool[] = [];
const servers: MismatchServer[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

/** A started pool on a server listed without the header declaration. */
async function listed(): Promise<{ server: MismatchServer; pool: Pool }> {
  const server = await startMismatchServer();
  servers.push(server);
  const pool = createPool({ cacheDir: tempDir('header-mismatch-') });
  pools.push(pool);
  await pool.apply({ mcpServers: { remote: { type: 'http', url: server.url, protocol: '2026-07-28' } } });
  await pool.start('remote');
  return { server, pool };
}

const schemaOf = async (pool: Pool): Promise<string> => JSON.stringify((await pool.listTools('remote')).find((t) => t.name === 'regional')?.inputSchema);

describe("a 2026-07-28 server's header mismatch, recovered by the pool's own bounded re-list", () => {
  it('lists the tools again once (inventory updated) and the call succeeds with the header its new schema declares', async () => {
    const { server, pool } = await listed();
    expect(server.served.lists).toBe(1);
    expect(await schemaOf(pool)).not.toContain('x-mcp-header');
    server.declared = true;
    const result = await pool.callTool('remote', 'regional', { region: 'north' });
    expect(result.content).toEqual([{ type: 'text', text: 'ok in north' }]);
    // Refused without the header, then sent with it after one listing.
    expect(server.regions).toEqual([null, 'north']);
    expect(server.served.lists).toBe(2);
    // The listing the pool keeps (and agents are given) is the fresh one, not only the SDK's cache.
    expect(await schemaOf(pool)).toContain('"x-mcp-header":"Region"');
    await pool.callTool('remote', 'regional', { region: 'south' });
    expect(server.regions).toEqual([null, 'north', 'south']);
    expect(server.served.lists).toBe(2);
  });

  it("fails the call with the listing bound's error when the re-list never ends, taking no page past the bound", async () => {
    const { server, pool } = await listed();
    server.declared = true;
    server.listing = 'endless';
    const before = server.served.listBytes;
    await expect(pool.callTool('remote', 'regional', { region: 'north' })).rejects.toThrow(
      `"remote" lists more than 16 MiB, past the bound of ${MAX_LISTING_BYTES.toLocaleString('en-US')} bytes of listings per server; its listing was not kept and the server was stopped`,
    );
    // All we were sent, so all we could hold: the bound and the page that passed it (the SDK's walk takes 64 such pages).
    const pages = server.served.lists - 1;
    expect(pages).toBe(Math.ceil(MAX_LISTING_BYTES / ENDLESS_PAGE_BYTES));
    expect(server.served.listBytes - before).toBeLessThanOrEqual(MAX_LISTING_BYTES + 2 * ENDLESS_PAGE_BYTES);
    expect(server.served.calls).toBe(1);
    expect(pool.status('remote').state).toBe('error');
  }, 120_000);

  it('sends the call once more only, then says clearly that the server refuses what it lists', async () => {
    const server = await startMismatchServer();
    servers.push(server);
    server.declared = true;
    server.listing = 'hides';
    const pool = createPool({ cacheDir: tempDir('header-mismatch-') });
    pools.push(pool);
    await pool.apply({ mcpServers: { remote: { type: 'http', url: server.url, protocol: '2026-07-28' } } });
    await pool.start('remote');
    await expect(pool.callTool('remote', 'regional', { region: 'north' })).rejects.toThrow(
      /^"remote" refused tool "regional" for its Mcp-Param headers \(-32020, header mismatch\) again after its tools were listed anew: /,
    );
    expect(server.served.calls).toBe(2);
    expect(server.served.lists).toBe(2);
    expect(server.regions).toEqual([null, null]);
  });

  it('shares one re-list among concurrent calls that mismatch, each sent once more with the fresh definition', async () => {
    const { server, pool } = await listed();
    server.declared = true;
    let release = (): void => undefined;
    server.hold = new Promise((resolve) => (release = resolve));
    const calls = ['north', 'south', 'east'].map((region) => pool.callTool('remote', 'regional', { region }));
    // All three refused while the re-list the first began is held.
    await waitFor('three refused calls', () => server.served.calls === 3 && server.served.lists === 2);
    release();
    const results = await Promise.all(calls);
    expect(results.map((r) => r.content)).toEqual(['north', 'south', 'east'].map((region) => [{ type: 'text', text: `ok in ${region}` }]));
    expect(server.served.lists).toBe(2);
    expect(server.served.calls).toBe(6);
  });

  it('ends the re-list its call triggered when the agent cancels the call', async () => {
    const { server, pool } = await listed();
    server.declared = true;
    server.hold = new Promise(() => undefined);
    const cancel = new AbortController();
    const call = pool.callTool('remote', 'regional', { region: 'north' }, { signal: cancel.signal });
    await waitFor('the re-list under way', () => server.served.lists === 2);
    cancel.abort();
    await expect(call).rejects.toMatchObject({ code: 'timeout', message: 'tool "regional" on "remote" was cancelled by the caller' });
    await waitFor('the re-list cancelled upstream', () => server.served.listsCancelled === 1);
    expect(server.served.calls).toBe(1);
    expect(pool.status('remote').state).toBe('ready');
  });

  it("ends the re-list when the call's own timeout passes, not the server's", async () => {
    const { server, pool } = await listed();
    server.declared = true;
    server.hold = new Promise(() => undefined);
    // The server's timeout (60 s) would hold the listing far past the call's.
    await expect(pool.callTool('remote', 'regional', { region: 'north' }, { timeoutMs: 1500 })).rejects.toMatchObject({
      code: 'timeout',
      message: 'tool "regional" on "remote" did not answer within 1.5 s and was cancelled',
    });
    await waitFor('the re-list cancelled upstream', () => server.served.listsCancelled === 1);
    expect(server.served.calls).toBe(1);
  });
});
