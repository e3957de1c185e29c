import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { faultServer } from '../fixtures/servers/config';
import { rejection } from '../support/rejection';
import { tempDir } from '../support/server-harness';

const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

describe('pool: a stdio server that answers initialize with a revision the SDK does not speak', () => {
  // The SDK closes the connection on that answer (Lifecycle §Version Negotiation); that close is not a stop of ours.
  it('says which revision it answered and that none is shared, never that it was stopped while starting', async () => {
    const pool = createPool({ cacheDir: tempDir('pool-other-revision-'), log: () => undefined });
    pools.push(pool);
    await pool.apply({ mcpServers: { old: faultServer('other-revision', { REVISION: '1999-01-01' }) } });
    const error = await rejection(pool.start('old'));
    const said = '"old" answered initialize with MCP revision "1999-01-01", which Connected Services does not speak: they found no MCP revision both speak';
    expect(error).toMatchObject({ code: 'server_unavailable', message: said, hint: 'update "old" to a release for a current MCP revision (2025-11-25 or 2026-07-28), or ask its maintainers' });
    expect(pool.status('old')).toMatchObject({ state: 'error', lastError: { message: said } });
    const call = await rejection(pool.callTool('old', 'anything', {}));
    expect(call.message).toBe(said);
    expect(call.message).not.toContain('stopped while starting');
  });
});

describe('pool: a stdio server whose results the MCP schema refuses', () => {
  const logged: string[] = [];
  async function poolWith(env: Record<string, string>): Promise<Pool> {
    const pool = createPool({ cacheDir: tempDir('pool-invalid-results-'), log: (line) => logged.push(line) });
    pools.push(pool);
    await pool.apply({ mcpServers: { bad: faultServer('invalid-results', env) } });
    return pool;
  }

  it('leaves out the tools the MCP schema refuses, one by one, keeps the rest, and logs each with its first issue', async () => {
    const pool = await poolWith({});
    await pool.start('bad');
    expect((await pool.tools()).map((t) => t.name)).toEqual(['good']);
    expect(logged).toContain('[bad] lists tools the MCP schema refuses, left out: "broken" (inputSchema: Invalid input: expected object, received string), tools[2] (name: Invalid input: expected string, received undefined)');
  });

  it('names the method and the first field at fault in one sentence, not the SDK\'s dump of every issue', async () => {
    const listing = await rejection((await poolWith({ LISTING: 'not-a-list' })).start('bad'));
    expect(listing.message).toBe('"bad" answered tools/list with a result the MCP schema refuses: tools: Invalid input: expected array, received string');
    expect(listing.hint).toBe('the server\'s answer is not valid MCP, so none of it is used; tell the maintainers of "bad"');

    const call = await rejection((await poolWith({ LISTING: 'valid' })).callTool('bad', 'good', {}));
    expect(call.message).toMatch(/^"bad" answered tools\/call with a result the MCP schema refuses: content\[1\]/);
    expect(call.message).not.toContain('\n');
  });

  it('leaves out a tool that names a parameter with a terminal escape, which agents would get as written, and logs it', async () => {
    const pool = await poolWith({ LISTING: 'hidden-name' });
    await pool.start('bad');
    expect((await pool.tools()).map((t) => t.name)).toEqual(['good']);
    expect(logged).toContain('[bad] lists "clears" with a parameter named with control or invisible characters; left out');
  });
});
