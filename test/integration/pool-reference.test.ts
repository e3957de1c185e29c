import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import type { CodedError } from '../../shared/errors';
import { everythingServer, memoryServer } from '../fixtures/servers/config';
import { everythingOverHttp } from '../support/everything-http';
import { tempDir, textOf } from '../support/server-harness';

const pools: Pool[] = [];

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function newPool(): Pool {
  const pool = createPool({ cacheDir: tempDir('pool-ref-') });
  pools.push(pool);
  return pool;
}

describe('pool with @modelcontextprotocol/server-everything over stdio', () => {
  it('lists tools, resources and prompts, and calls echo', async () => {
    const pool = newPool();
    await pool.apply({ mcpServers: { everything: everythingServer() } });
    const status = await pool.start('everything');
    expect(status.state).toBe('ready');
    const tools = await pool.tools('everything');
    expect(tools.map((t) => t.name)).toContain('echo');
    expect(tools.every((t) => t.server === 'everything')).toBe(true);
    expect(status.toolCount).toBe(tools.length);
    const result = await pool.callTool('everything', 'echo', { message: 'hi' });
    expect(textOf(result)).toContain('hi');

    const { resources, templates } = await pool.resources('everything');
    expect(resources.length).toBeGreaterThan(0);
    expect(templates.length).toBeGreaterThan(0);
    const first = resources[0];
    if (!first) throw new Error('no resource');
    const read = await pool.readResource('everything', first.uri);
    expect(read.contents[0]?.['uri']).toBe(first.uri);

    expect((await pool.prompts('everything')).map((p) => p.name)).toContain('simple-prompt');
    const prompt = await pool.getPrompt('everything', 'simple-prompt', {});
    expect(prompt.messages.length).toBeGreaterThan(0);
  });
});

describe('pool with @modelcontextprotocol/server-memory over stdio', () => {
  it('creates an entity and reads it back from the graph', async () => {
    const pool = newPool();
    const file = join(tempDir('pool-memory-'), 'memory.jsonl');
    await pool.apply({ mcpServers: { memory: memoryServer(file) } });
    const created = await pool.callTool('memory', 'create_entities', {
      entities: [{ name: 'Ada', entityType: 'person', observations: ['wrote the first program'] }],
    });
    expect(created.isError).not.toBe(true);
    const graph = await pool.callTool('memory', 'read_graph', {});
    expect(JSON.stringify(graph)).toContain('wrote the first program');
    expect((await pool.tools('memory')).map((t) => t.name)).toEqual(
      expect.arrayContaining(['create_entities', 'read_graph', 'search_nodes']),
    );
  });
});

describe('pool with server-everything over Streamable HTTP', () => {
  let server: ChildProcess | undefined;
  let url = '';

  beforeAll(async () => {
    ({ child: server, url } = await everythingOverHttp());
  });

  afterAll(() => {
    server?.kill();
  });

  it('connects through the httpFetch seam and calls echo', async () => {
    const seen: string[] = [];
    const pool = createPool({
      cacheDir: tempDir('pool-ref-http-'),
      httpFetch: (name) => (input, init) => {
        seen.push(`${name} ${init?.method ?? 'GET'}`);
        return fetch(input, init);
      },
    });
    pools.push(pool);
    await pool.apply({ mcpServers: { remote: { type: 'http', url } } });
    expect(pool.status('remote')).toMatchObject({ state: 'idle', transport: 'http', url });
    expect(seen).toEqual([]);
    const result = await pool.callTool('remote', 'echo', { message: 'hi' });
    expect(textOf(result)).toContain('hi');
    expect(pool.status('remote').state).toBe('ready');
    expect((await pool.tools('remote')).map((t) => t.name)).toContain('echo');
    expect(seen).toContain('remote POST');
    await pool.stop('remote');
    // The session was ended with DELETE (Streamable HTTP: session management).
    expect(seen).toContain('remote DELETE');
  });

  it('moves to needs_auth when the server starts refusing mid-session, and stops sending', async () => {
    let refuse = false;
    let sentWhileRefused = 0;
    const pool = createPool({
      cacheDir: tempDir('pool-ref-http-'),
      httpFetch: () => (input, init) => {
        if (!refuse) return fetch(input, init);
        sentWhileRefused++;
        return Promise.resolve(new Response('{"error":"invalid_token"}', { status: 401 }));
      },
    });
    pools.push(pool);
    await pool.apply({ mcpServers: { remote: { type: 'http', url } } });
    expect(textOf(await pool.callTool('remote', 'echo', { message: 'one' }))).toContain('one');
    refuse = true;
    const error = await pool.callTool('remote', 'echo', { message: 'two' }).catch((e: unknown) => e as CodedError);
    expect(error).toMatchObject({ code: 'auth_required', hint: 'run `connected-services connect remote`' });
    expect(pool.status('remote').state).toBe('needs_auth');
    const sent = sentWhileRefused;
    const again = await pool.callTool('remote', 'echo', { message: 'three' }).catch((e: unknown) => e as CodedError);
    expect(again).toMatchObject({ code: 'auth_required' });
    expect(sentWhileRefused).toBe(sent);
    refuse = false;
    expect((await pool.start('remote')).state).toBe('ready');
  });
});
