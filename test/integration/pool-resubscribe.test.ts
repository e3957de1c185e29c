import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { appSubscribeServer } from '../fixtures/servers/config';
import { startSubscribeServer, type SubscribeServer } from '../fixtures/servers/modern-subscribe-server';
import { tempDir, waitFor } from '../support/server-harness';

/**
 * Resource subscriptions held by agents outlive the upstream connection that carried them: after a
 * crash and respawn, or a new HTTP session, the pool subscribes to every held URI again (2025-11-25
 * `resources/subscribe`; a 2026-07-28 server's listen filter), and a URI several hold is given up
 * upstream only when the last lets it go (MCP 2025-11-25 server/resources §Subscriptions).
 */
const VIEW = 'ui://board/view.html';
const pools: Pool[] = [];
const servers: SubscribeServer[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function pool(): Pool {
  const created = createPool({ cacheDir: tempDir('resubscribe-'), restartPolicy: { baseDelayMs: 10, maxDelayMs: 10 } });
  pools.push(created);
  return created;
}

/** What the stdio server holds subscribed, as its `touch` tool answers (it also sends an update for each). */
async function subscribedUpstream(p: Pool): Promise<string[]> {
  const result = await p.callTool('board', 'touch', {});
  const first = result.content[0] as { text?: string } | undefined;
  return JSON.parse(first?.text ?? '[]') as string[];
}

describe('resource subscriptions across an upstream restart', () => {
  it('2025-11-25: subscribes again after a crash and respawn; unsubscribes upstream only for the last holder', async () => {
    const p = pool();
    await p.apply({ mcpServers: { board: appSubscribeServer() } });
    await p.start('board');
    const updates: string[] = [];
    p.on('resourceUpdated', ({ uri }) => updates.push(uri));
    // Two agents' sessions hold it.
    await p.subscribeResource('board', VIEW);
    await p.subscribeResource('board', VIEW);
    expect(await subscribedUpstream(p)).toEqual([VIEW]);
    const crashes = p.status('board').crashes;
    await p.callTool('board', 'crash', {});
    await waitFor('the respawn', () => p.status('board').state === 'ready' && p.status('board').crashes > crashes, 30_000);
    updates.length = 0;
    await waitFor('the subscription again upstream', async () => (await subscribedUpstream(p)).includes(VIEW));
    await waitFor('its update', () => updates.includes(VIEW));
    await p.unsubscribeResource('board', VIEW);
    expect(await subscribedUpstream(p)).toEqual([VIEW]);
    await p.unsubscribeResource('board', VIEW);
    expect(await subscribedUpstream(p)).toEqual([]);
  }, 60_000);

  it('2026-07-28: names every held URI in the listen filter of the new connection after a restart', async () => {
    const server = await startSubscribeServer();
    servers.push(server);
    const p = pool();
    await p.apply({ mcpServers: { files: { type: 'http', url: server.url, protocol: '2026-07-28' } } });
    await p.start('files');
    await p.subscribeResource('files', 'file:///a.txt');
    await p.subscribeResource('files', 'file:///b.txt');
    await p.subscribeResource('files', 'file:///b.txt');
    expect(JSON.stringify(server.listens.last)).toContain('file:///b.txt');
    await p.stop('files');
    server.listens.last = undefined;
    await p.start('files');
    await waitFor('a listen naming both again', () => {
      const last = JSON.stringify(server.listens.last ?? null);
      return last.includes('file:///a.txt') && last.includes('file:///b.txt');
    });
    await p.unsubscribeResource('files', 'file:///b.txt');
    await p.unsubscribeResource('files', 'file:///a.txt');
    await waitFor('a listen naming b.txt alone', () => {
      const last = JSON.stringify(server.listens.last ?? null);
      return !last.includes('file:///a.txt') && last.includes('file:///b.txt');
    });
  }, 60_000);
});

describe('a 2026-07-28 server that ends its change stream', () => {
  it('has it opened again after a wait, said under its name in the log', async () => {
    const server = await startSubscribeServer();
    servers.push(server);
    const lines: string[] = [];
    const p = createPool({ cacheDir: tempDir('reopen-'), log: (line) => lines.push(line) });
    pools.push(p);
    await p.apply({ mcpServers: { blip: { type: 'http', url: server.url } } });
    await p.start('blip');
    await waitFor('the change stream', () => server.listens.requests === 1);
    server.endStreams();
    await waitFor('the note', () => lines.includes('[blip] its change stream ended (remote); opening it again in 1 s'));
    await waitFor('the stream opened again', () => server.listens.requests === 2, 10_000);
    expect(p.status('blip').state).toBe('ready');
  });
});
