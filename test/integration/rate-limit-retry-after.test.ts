import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { runCli, tempHome } from '../support/cli';
import { tempDir, waitFor } from '../support/server-harness';
import { rejection } from '../support/rejection';
import { startRateLimitServer, type RateLimitServer } from '../fixtures/servers/rate-limit-server';

const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
/** One clock for the server and the pool, in whole seconds (an HTTP-date has no finer ones). */
const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);
const open: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function rateLimitServer(now?: () => number): Promise<RateLimitServer> {
  const server = await startRateLimitServer(now);
  open.push(server);
  return server;
}

function newPool(now?: () => number): Pool {
  const pool = createPool({ cacheDir: tempDir('rate-limit-'), ...(now ? { now } : {}) });
  open.push(pool);
  return pool;
}

describe("a server's rate limit keeps its wait (Retry-After, RFC 9110 §10.2.3)", () => {
  it('through the pool: a 429 with Retry-After: 60 is rate_limited with retryAfterMs 60000, said in the message', async () => {
    const server = await rateLimitServer();
    const pool = newPool();
    await pool.apply({ mcpServers: { api: { type: 'http', url: server.url } } });
    expect(await pool.callTool('api', 'echo', { text: 'hi' })).toMatchObject({ content: [{ type: 'text', text: 'hi' }] });
    const error = await rejection(pool.callTool('api', 'limited', {}));
    expect(error).toMatchObject({
      code: 'rate_limited',
      message: '"api" is rate limiting requests (HTTP 429); retry after 60 s',
      hint: 'wait 60 s, then retry',
      data: { retryAfterMs: 60_000 },
    });
    expect(server.limited).toBe(1);
    // A rate limit is not a broken server: the next call goes through on the same connection.
    expect(pool.status('api').state).toBe('ready');
    expect(await pool.callTool('api', 'echo', { text: 'again' })).toMatchObject({ content: [{ text: 'again' }] });
  });

  it('through the pool: an HTTP-date, a JSON body retry_after and a JSON-RPC error data retry_after', async () => {
    const server = await rateLimitServer(() => NOW);
    const pool = newPool(() => NOW);
    await pool.apply({ mcpServers: { api: { type: 'http', url: server.url } } });
    expect((await rejection(pool.callTool('api', 'limited_date', {}))).data).toMatchObject({ retryAfterMs: 120_000 });
    expect(await rejection(pool.callTool('api', 'limited_json', {}))).toMatchObject({ code: 'rate_limited', data: { retryAfterMs: 5000 } });
    expect(await rejection(pool.callTool('api', 'rpc_limited', {}))).toMatchObject({
      code: 'rate_limited',
      message: '"api" is rate limiting requests during tool "rpc_limited": rate limit exceeded; retry after 30 s',
      data: { retryAfterMs: 30_000 },
    });
  });

  describe('through the bridge, to an unmodified SDK client', () => {
    async function agentOf(server: RateLimitServer): Promise<AgentClient> {
      const h: BridgeHarness = await startBridge({ api: { type: 'http', url: server.url } });
      open.push(h);
      const { token } = await h.bridge.agents.add('agent', { servers: ['*'], policy: ALLOW_ALL });
      const agent = await connectAgent(h.bridge.url, token);
      open.push(agent);
      return agent;
    }

    it("a tool call's result carries retryAfterMs 60000 in its error _meta, and says the wait in its text", async () => {
      const agent = await agentOf(await rateLimitServer());
      const result = await agent.client.callTool({ name: 'api__limited', arguments: {} });
      expect(result.isError).toBe(true);
      expect(result._meta?.['connected-services/error']).toEqual({
        code: 'rate_limited',
        message: '"api" is rate limiting requests (HTTP 429); retry after 60 s',
        hint: 'Wait 60 s, then retry',
        server: 'api',
        retryAfterMs: 60_000,
      });
      expect((result.content as { text: string }[])[0]?.text).toContain('retry after 60 s');
      const rpc = await agent.client.callTool({ name: 'api__rpc_limited', arguments: {} });
      expect(rpc._meta?.['connected-services/error']).toMatchObject({ code: 'rate_limited', retryAfterMs: 30_000 });
    });

    it("a resource read's JSON-RPC error carries retryAfterMs 60000 in its data", async () => {
      const agent = await agentOf(await rateLimitServer());
      // Resources are offered from the server's inventory, fetched at its first start.
      await agent.client.callTool({ name: 'api__echo', arguments: { text: 'start' } });
      await waitFor('the resource listed', async () => (await agent.client.listResources()).resources.some((r) => r.uri === 'limited://resource'));
      const error: unknown = await agent.client.readResource({ uri: 'limited://resource' }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(McpError);
      expect(error).toMatchObject({ code: -32012, data: { code: 'rate_limited', retryAfterMs: 60_000 } });
    });
  });

  it('through the CLI: the message says the wait, --json carries retryAfterMs, the exit code is 8', async () => {
    const server = await rateLimitServer();
    const home = tempHome('cs-rate-limit-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { api: { type: 'http', url: server.url } } }));
    const plain = await runCli(home, ['call', 'api', 'limited']);
    expect(plain.code, plain.stderr).toBe(8);
    expect(plain.stderr).toContain('error [rate_limited]: "api" is rate limiting requests (HTTP 429); retry after 60 s');
    expect(plain.stderr).toContain('hint: Wait 60 s, then retry');
    const json = await runCli(home, ['call', 'api', 'limited', '--json']);
    expect(json.code, json.stderr).toBe(8);
    expect(JSON.parse(json.stderr.trim())).toMatchObject({ error: { code: 'rate_limited', data: { retryAfterMs: 60_000 } } });
  }, 30_000);
});
