import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { MAX_LISTING_DEPTH, MAX_LISTING_FLOOD_DEPTH } from '../../electron/pool/listing-depth';
import { nestsDeeperThan } from '../../shared/collections';
import { deepListingServer } from '../fixtures/servers/config';
import { tempDir } from '../support/server-harness';

const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

/** The fixture's schema: `levels` times `{ type, properties: { a: … } }`, each two levels of JSON. */
function fixtureSchema(levels: number): unknown {
  let schema: unknown = { type: 'string' };
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { a: schema } };
  return { type: 'object', properties: { x: schema } };
}

describe('pool: one tool whose schema nests past the listing depth bound, from our SDK server over stdio', () => {
  it('is left out alone, with a line naming it and the bound; the other tool is listed and called', async () => {
    // 150 fixture levels: some 300 levels of JSON, past the bound for one item, short of the whole listing's.
    expect(nestsDeeperThan(fixtureSchema(150), MAX_LISTING_DEPTH)).toBe(true);
    expect(nestsDeeperThan(fixtureSchema(150), MAX_LISTING_FLOOD_DEPTH - 4)).toBe(false);
    const logged: string[] = [];
    const pool = createPool({ cacheDir: tempDir('pool-deep-tool-schema-'), log: (line) => logged.push(line) });
    pools.push(pool);
    await pool.apply({ mcpServers: { nested: deepListingServer(150) } });
    await pool.start('nested');
    expect(pool.status('nested').state).toBe('ready');
    expect((await pool.tools()).map((t) => t.name)).toEqual(['plain']);
    expect(logged).toContain(`[nested] lists tools the MCP schema refuses, left out: "deep" (its schema nests deeper than ${MAX_LISTING_DEPTH} levels)`);
    const result = await pool.callTool('nested', 'plain', {});
    expect(JSON.stringify(result)).toContain('plain called');
  }, 60_000);
});
