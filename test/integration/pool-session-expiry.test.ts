import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ResourceUpdatedNotificationSchema, ToolListChangedNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import type { FetchLike } from '../../electron/net';
import { createPool, type Pool } from '../../electron/pool';
import { NOTE, startSessionExpiryServer, type SessionExpiryServer } from '../fixtures/servers/session-expiry-server';
import { connectAgent, startBridge, type AgentClient, type BridgeHarness } from '../support/bridge-harness';
import { tempDir, textOf, waitFor } from '../support/server-harness';

/**
 * A 2025-11-25 HTTP server that forgets its sessions answers the old `Mcp-Session-Id` with HTTP 404;
 * the client MUST start a new session with a fresh `initialize` (MCP 2025-11-25 Transports §Session
 * Management). The pool does, once: the request is sent again, the GET stream re-opened, every held
 * subscription asked for again and the tools listed again.
 */
const servers: SessionExpiryServer[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((close) => close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(): Promise<SessionExpiryServer> {
  const started = await startSessionExpiryServer();
  servers.push(started);
  return started;
}

/** GET streams the pool saw answered 200 (its own fetch, under the pool's wrappers): the session check and renewal read the same answer. */
const streamsSeen = { count: 0 };
const seeingFetch: FetchLike = async (url, init) => {
  const response = await fetch(url, init);
  if (init?.method === 'GET' && response.ok) streamsSeen.count++;
  return response;
};

async function pool(url: string, cacheDir = tempDir('expiry-')): Promise<Pool> {
  streamsSeen.count = 0;
  const p = createPool({ cacheDir, httpFetch: () => seeingFetch });
  closers.push(() => p.close());
  await p.apply({ mcpServers: { memo: { type: 'http', url } } });
  return p;
}

async function bridgeWithAgent(url: string): Promise<{ h: BridgeHarness; agent: AgentClient }> {
  const h = await startBridge({ memo: { type: 'http', url } });
  closers.push(() => h.close());
  await h.pool.start('memo');
  h.bridge.refresh();
  const { token } = await h.bridge.agents.add('reader', { servers: ['memo'], policy: { read: 'allow', write: 'allow', destructive: 'allow' } });
  const agent = await connectAgent(h.bridge.url, token, 'reader');
  closers.unshift(() => agent.close());
  return { h, agent };
}

describe('a 2025-11-25 HTTP session that expires (HTTP 404)', () => {
  it('a call after the expiry starts one new session and succeeds; the era verdict is kept', async () => {
    const s = await server();
    const cacheDir = tempDir('expiry-');
    const p = await pool(s.url, cacheDir);
    expect(textOf(await p.callTool('memo', 'echo', { text: 'before' }))).toBe('before');
    const verdict = await readFile(join(cacheDir, 'eras', 'memo.json'), 'utf8');
    expect(s.initializes).toBe(1);

    await s.expire();
    expect(textOf(await p.callTool('memo', 'echo', { text: 'after' }))).toBe('after');
    expect(s.initializes).toBe(2);
    expect(s.refused).toBeGreaterThan(0);
    expect(p.status('memo').state).toBe('ready');
    // The new session adopted the kept verdict (no new probe) and left it as it was.
    expect(s.methods.filter((m) => m === 'server/discover')).toHaveLength(1);
    expect(await readFile(join(cacheDir, 'eras', 'memo.json'), 'utf8')).toBe(verdict);
  }, 60_000);

  it('a read after the expiry is sent again on the new session', async () => {
    const s = await server();
    const p = await pool(s.url);
    await p.start('memo');
    await s.expire();
    const read = await p.readResource('memo', NOTE);
    expect(read.contents[0]?.['text']).toBe('the note');
    expect(s.initializes).toBe(2);
  }, 60_000);

  it("an agent's subscription keeps delivering updates after the expiry", async () => {
    const s = await server();
    const { agent } = await bridgeWithAgent(s.url);
    const updates: string[] = [];
    agent.client.setNotificationHandler(ResourceUpdatedNotificationSchema, ({ params }) => void updates.push(params.uri));
    await agent.client.subscribeResource({ uri: NOTE });
    expect(await s.touch(NOTE)).toBe(1);
    await waitFor('the update before the expiry', () => updates.length === 1);

    await s.expire();
    // Nothing is called: the forgotten session's GET stream ends, its re-open is answered 404, and the pool starts anew.
    await waitFor('the subscription held again on a new session', () => s.sessions().some((x) => x.subscribed.includes(NOTE)), 30_000);
    expect(await s.touch(NOTE)).toBe(1);
    await waitFor('the update after the expiry', () => updates.length === 2);
    expect(s.initializes).toBe(2);
  }, 60_000);

  it('list_changed after the expiry still reaches an agent, and the new tool is listed', async () => {
    const s = await server();
    const { agent } = await bridgeWithAgent(s.url);
    let changed = 0;
    agent.client.setNotificationHandler(ToolListChangedNotificationSchema, () => void changed++);
    expect((await agent.client.listTools()).tools.map((t) => t.name)).toContain('memo__echo');

    await s.expire();
    await waitFor('a new session', () => s.sessions().length === 1, 30_000);
    s.addTool('later');
    await waitFor('list_changed at the agent', () => changed > 0, 30_000);
    await waitFor('the new tool listed', async () => (await agent.client.listTools()).tools.some((t) => t.name === 'memo__later'));
  }, 60_000);

  it('a server that forgets the new session too: a clear error naming it, and a bounded number of sessions', async () => {
    const s = await server();
    const cacheDir = tempDir('expiry-');
    const p = await pool(s.url, cacheDir);
    await p.start('memo');
    const verdict = await readFile(join(cacheDir, 'eras', 'memo.json'), 'utf8');
    s.forgetAlways();
    await s.expire();
    await expect(p.callTool('memo', 'echo', { text: 'after' })).rejects.toThrow(/"memo".*new session/);
    // Given time for any loop to show itself: the GET stream's 404s start nothing more.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(s.initializes).toBe(2);
    expect(p.status('memo').state).toBe('error');
    expect(p.status('memo').lastError?.message).toMatch(/"memo"/);
    // A session refused is no sign of another era: the verdict stays.
    expect(await readFile(join(cacheDir, 'eras', 'memo.json'), 'utf8')).toBe(verdict);
  }, 60_000);

  it('a new session nobody used, whose GET stream opened, is renewed again when the server forgets it too', async () => {
    const s = await server();
    const p = await pool(s.url);
    await p.start('memo');
    await waitFor('the GET stream open', () => streamsSeen.count === 1);
    await s.expire();
    await waitFor('a new session with its GET stream open', () => s.initializes === 2 && streamsSeen.count === 2 && p.status('memo').state === 'ready', 30_000);

    // Nothing is called on it: the server knew it (its GET stream opened), so its own expiry is renewed too.
    await s.expire();
    await waitFor('a third session', () => s.initializes === 3 && p.status('memo').state === 'ready', 30_000);
    expect(textOf(await p.callTool('memo', 'echo', { text: 'after' }))).toBe('after');
    expect(s.initializes).toBe(3);
  }, 60_000);

  it('a server that forgets every new session at its GET stream: the GET stream renews once, then an error naming it', async () => {
    const s = await server();
    const p = await pool(s.url);
    await p.start('memo');
    await waitFor('the GET stream open', () => streamsSeen.count === 1);
    s.forgetAtStream();
    await s.expire();
    await waitFor('the error', () => p.status('memo').state === 'error', 30_000);
    expect(p.status('memo').lastError?.message).toMatch(/"memo" answered HTTP 404 for the new session/);
    expect(s.initializes).toBe(2);
    // The new session's start was answered (it listed): it was forgotten at its stream, which never opened.
    expect(streamsSeen.count).toBe(1);
  }, 60_000);
});
