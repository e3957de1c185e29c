import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { MAX_LISTING_BYTES } from '../../electron/pool/listing-bound';
import { pageOf, startPagingServer, type PagingOptions, type PagingServer } from '../fixtures/servers/paging-server';
import { tempDir } from '../support/server-harness';

/**
 * A server's listing is bounded page by page in the pool (electron/pool/listing-bound.ts), in both
 * eras the pool speaks to an HTTP server: a server whose pages end as they should but pass the bound
 * is asked for no page after the one that passes it, so all we are sent (and could hold) is the bound
 * and one page, not the whole listing; a server whose cursors loop is stopped at the repeated one;
 * a well-behaved server of many pages is listed whole.
 */
const pools: Pool[] = [];
const servers: PagingServer[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

type Era = '2025-11-25' | '2026-07-28';

async function served(options: PagingOptions, protocol: Era): Promise<{ server: PagingServer; pool: Pool }> {
  const server = await startPagingServer(options);
  servers.push(server);
  const pool = createPool({ cacheDir: tempDir('listing-bound-') });
  pools.push(pool);
  await pool.apply({ mcpServers: { remote: { type: 'http', url: server.url, protocol } } });
  return { server, pool };
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('the server started');
}

/** The page (1-based) at which the bytes we keep of a listing pass the bound, as listing-bound.ts counts them. */
function pageThatPasses(options: PagingOptions): number {
  let bytes = 0;
  for (let n = 0; n < options.pages; n++) {
    const page = pageOf(options, n);
    bytes += Buffer.byteLength(JSON.stringify(page.tools)) + (page.nextCursor === undefined ? 0 : Buffer.byteLength(page.nextCursor));
    if (bytes > MAX_LISTING_BYTES) return n + 1;
  }
  throw new Error('the listing is within the bound');
}

describe.each<Era>(['2025-11-25', '2026-07-28'])("a server's listing, bounded page by page (the pool speaks %s)", (protocol) => {
  it('stops at the page that passes the bound though the pages end, halting the server in error', async () => {
    // 2 MiB a page, 60 pages (120 MiB) that end as they should: the SDK's own walk would take them all.
    const options = { pages: 60, perPage: 100, descriptionBytes: 20 * 1024 };
    const { server, pool } = await served(options, protocol);
    const error = await failure(pool.start('remote'));
    expect(error.message).toBe(
      `"remote" lists more than 16 MiB, past the bound of ${MAX_LISTING_BYTES.toLocaleString('en-US')} bytes of listings per server; its listing was not kept and the server was stopped`,
    );
    const status = pool.status('remote');
    expect(status.state).toBe('error');
    expect(status.lastError?.message).toBe(error.message);
    expect(server.served.pages).toBe(pageThatPasses(options));
    // All we were sent, so all we could hold: the bound and the page that passed it.
    const onePage = Buffer.byteLength(JSON.stringify(pageOf(options, 1)));
    expect(server.served.bytes).toBeLessThanOrEqual(MAX_LISTING_BYTES + onePage);
    // Halted: a call does not start it (and list it) again.
    await expect(pool.callTool('remote', 'echo', {})).rejects.toThrow();
    expect(server.served.pages).toBe(pageThatPasses(options));
  }, 120_000);

  it('stops at a cursor handed out before (pages that loop)', async () => {
    const { server, pool } = await served({ pages: 3, perPage: 2, descriptionBytes: 10, loop: true }, protocol);
    const error = await failure(pool.start('remote'));
    expect(error.message).toBe('"remote" hands out a cursor of its tools it handed out before: its pages loop; its listing was not kept and the server was stopped');
    expect(pool.status('remote').state).toBe('error');
    // Pages 1, 2, 3; the third hands out page 2's cursor again.
    expect(server.served.pages).toBe(3);
  });

  it('lists a well-behaved server of many pages whole, and calls it as listed: output schema checked, argument mirrored', async () => {
    const { server, pool } = await served({ pages: 12, perPage: 50, descriptionBytes: 100 }, protocol);
    const tools = await pool.listTools('remote');
    expect(tools).toHaveLength(1 + 12 * 50 + 2);
    expect(tools.map((t) => t.name).slice(0, 3)).toEqual(['echo', 't0_0', 't0_1']);
    expect(tools.map((t) => t.name).slice(-3)).toEqual(['t11_49', 'typed', 'regional']);
    expect(server.served.pages).toBe(12);
    expect((await pool.callTool('remote', 'echo', {})).content).toEqual([{ type: 'text', text: 'ok' }]);
    // The SDK's Client checks and mirrors from the listing our walk wrote to its cache (mcp-wire tool-listing.ts).
    await expect(pool.callTool('remote', 'typed', {})).rejects.toThrow(/does not match the tool's output schema/);
    await pool.callTool('remote', 'regional', { region: 'north' });
    // SEP-2243: only a 2026-07-28 request carries the header.
    expect(server.regions).toEqual(protocol === '2026-07-28' ? ['north'] : []);
  });
});
