import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { MAX_LISTING_DEPTH, MAX_LISTING_FLOOD_DEPTH, MAX_MESSAGE_DEPTH } from '../../electron/pool/listing-depth';
import { startDeepListingHttpServer } from '../fixtures/servers/deep-listing-http-server';
import { tempDir, waitFor } from '../support/server-harness';
import { rejection } from '../support/rejection';

const open: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function poolWith(levels: number, json: boolean, log: (line: string) => void = () => undefined, noteLevels = 0): Promise<Pool> {
  const server = await startDeepListingHttpServer(levels, json, noteLevels);
  open.push(server);
  const pool = createPool({ cacheDir: tempDir('deep-http-'), log });
  open.push(pool);
  await pool.apply({ mcpServers: { deep: { type: 'http', url: server.url } } });
  return pool;
}

// The SDK checks a listing against its schemas by recursion: over HTTP as over stdio, one nested
// without end is refused as it arrives, before the SDK parses it.
describe("an HTTP server's listing nested without end, from the SDK's own Streamable HTTP server", () => {
  it.each([
    ['a JSON body', true],
    ['an SSE stream', false],
  ])('%s: the listing is refused naming the server, and the server stops in error showing it', async (_how, json) => {
    const pool = await poolWith(1500, json);
    const failed = await rejection(pool.start('deep'));
    expect(failed.message).toContain(`"deep" sent a listing nested deeper than ${MAX_LISTING_FLOOD_DEPTH} levels`);
    expect(failed.message).not.toContain('Maximum call stack');
    expect(failed).toMatchObject({ code: 'server_unavailable', data: { listingBound: 'depth' } });
    const status = await waitFor('deep in error', () => Promise.resolve(pool.status('deep').state === 'error' ? pool.status('deep') : undefined));
    expect(status.lastError?.message).toContain(`nested deeper than ${MAX_LISTING_FLOOD_DEPTH} levels`);
    expect(await pool.tools('deep').catch(() => [])).toEqual([]);
  }, 60_000);

  it('one tool whose schema nests past the bound for one item is left out alone, named in the log, over both', async () => {
    for (const json of [true, false]) {
      const logged: string[] = [];
      // 150 levels of the fixture's schema: some 300 of JSON, short of the whole listing's bound.
      const pool = await poolWith(150, json, (line) => logged.push(line));
      await pool.start('deep');
      expect((await pool.listTools('deep')).map((t) => t.name)).toEqual(['plain']);
      expect(logged).toContain(`[deep] lists tools the MCP schema refuses, left out: "deep" (its schema nests deeper than ${MAX_LISTING_DEPTH} levels)`);
      expect(JSON.stringify(await pool.callTool('deep', 'plain', {}))).toContain('plain called');
    }
  }, 60_000);

  it("a notification past a message's bound on the listing's own SSE stream is left out and logged as one: the listing is kept", async () => {
    const logged: string[] = [];
    const pool = await poolWith(40, false, (line) => logged.push(line), 300);
    expect((await pool.start('deep')).state).toBe('ready');
    expect((await pool.listTools('deep')).map((t) => t.name).sort()).toEqual(['deep', 'plain']);
    expect(logged).toContain(`[deep] sent a notification nested deeper than ${MAX_MESSAGE_DEPTH} levels while answering tools/list; it was not read (only the listing's answer may nest deeper)`);
    expect(logged.filter((line) => line.includes('nested deeper') || line.includes('failed'))).toHaveLength(1);
  }, 60_000);

  it('a schema nested as deep as real ones is listed as ever, over both', async () => {
    for (const json of [true, false]) {
      const pool = await poolWith(40, json);
      await pool.start('deep');
      expect((await pool.listTools('deep')).map((t) => t.name).sort()).toEqual(['deep', 'plain']);
    }
  }, 60_000);
});
