import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type AskRouter, type Pool } from '../../electron/pool';
import type { CallResult } from '../../shared/api';
import { startEraServer, type EraServer } from '../fixtures/servers/era-server';
import { tempDir } from '../support/server-harness';

const pools: Pool[] = [];
const servers: EraServer[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const text = (result: CallResult): string => result.content.map((c) => (typeof c['text'] === 'string' ? c['text'] : '')).join('\n');

async function pool(cacheDir: string, url: string, router?: AskRouter, protocol?: 'auto' | '2025-11-25' | '2026-07-28'): Promise<Pool> {
  const p = createPool({ cacheDir, ...(router ? { asks: { router } } : {}) });
  pools.push(p);
  await p.apply({ mcpServers: { remote: { type: 'http', url, ...(protocol ? { protocol } : {}) } } });
  return p;
}

const discoverCalls = (server: EraServer): number => server.methods.filter((m) => m === 'server/discover').length;

/** A modern era server and a pool whose router accepts every elicitation, noting its message and asker. */
async function askingModern(): Promise<{ server: EraServer; p: Pool; seen: { message: string; asker: string | undefined }[] }> {
  const server = await startEraServer('modern');
  servers.push(server);
  const seen: { message: string; asker: string | undefined }[] = [];
  const router: AskRouter = {
    elicit: (params, context) => {
      seen.push({ message: params.message, asker: context.asker?.label });
      return Promise.resolve({ action: 'accept', content: { ok: true } });
    },
    sample: () => Promise.reject(new Error('not asked')),
  };
  return { server, p: await pool(tempDir('eras-'), server.url, router), seen };
}

describe('the pool speaks both MCP eras to HTTP servers (SDK v2 client)', () => {
  it('asks a modern-only server with server/discover, calls it, and keeps the verdict with its date', async () => {
    const server = await startEraServer('modern');
    servers.push(server);
    const cacheDir = tempDir('eras-');
    const first = await pool(cacheDir, server.url);
    expect(text(await first.callTool('remote', 'whoami', {}))).toBe('answered in the modern era');
    expect(server.methods).not.toContain('initialize');
    expect(discoverCalls(server)).toBe(1);
    const kept = JSON.parse(await readFile(join(cacheDir, 'eras', 'remote.json'), 'utf8')) as { era: string; learnedAt: number; discover: { supportedVersions: string[] } };
    expect(kept.era).toBe('modern');
    expect(kept.discover.supportedVersions).toContain('2026-07-28');
    expect(kept.learnedAt).toBeGreaterThan(0);
    await first.close();

    // A later start uses the verdict: no probe.
    const second = await pool(cacheDir, server.url);
    expect(text(await second.callTool('remote', 'whoami', {}))).toBe('answered in the modern era');
    expect(discoverCalls(server)).toBe(1);
  });

  it('falls back to initialize for a legacy server, and finds out when the server changes era', async () => {
    const server = await startEraServer('legacy');
    servers.push(server);
    const cacheDir = tempDir('eras-');
    const first = await pool(cacheDir, server.url);
    expect(text(await first.callTool('remote', 'whoami', {}))).toBe('answered in the legacy era');
    expect(server.methods.slice(0, 2)).toEqual(['server/discover', 'initialize']);
    await first.close();

    // The server moves to the modern era: the kept legacy verdict fails once, is forgotten, and the next start asks again.
    server.era = 'modern';
    const second = await pool(cacheDir, server.url);
    await expect(second.callTool('remote', 'whoami', {})).rejects.toBeInstanceOf(Error);
    await second.close();
    const third = await pool(cacheDir, server.url);
    expect(text(await third.callTool('remote', 'whoami', {}))).toBe('answered in the modern era');
  });

  it("answers a modern server's input_required round through the pool's routing, with the call's asker", async () => {
    const { p, seen } = await askingModern();
    const result = await p.callTool('remote', 'confirm', {}, { asker: { label: 'agent "alice"' } });
    expect(text(result)).toBe('confirmed');
    expect(seen).toEqual([{ message: 'Go ahead?', asker: 'agent "alice"' }]);
  });

  it("answers the round of a tool with an output schema through the pool's routing too, its argument still mirrored into a header, its result checked", async () => {
    const { server, p, seen } = await askingModern();
    await p.start('remote');
    expect((await p.tools('remote')).find((t) => t.name === 'confirm_in')?.outputSchema).toBeDefined();
    const calls = server.regions.length;
    const result = await p.callTool('remote', 'confirm_in', { region: 'north' }, { asker: { label: 'agent "bob"' } });
    expect(result.structuredContent).toEqual({ region: 'north', ok: true });
    expect(seen).toEqual([{ message: 'Go ahead in north?', asker: 'agent "bob"' }]);
    // Both legs (the first call and its retry with the answer) carry the mirrored argument.
    expect(server.regions.slice(calls)).toEqual(['north', 'north']);
  });

  it('keeps to a pinned revision: a 2025-11-25 pin never probes', async () => {
    const server = await startEraServer('legacy');
    servers.push(server);
    const p = await pool(tempDir('eras-'), server.url, undefined, '2025-11-25');
    expect(text(await p.callTool('remote', 'whoami', {}))).toBe('answered in the legacy era');
    expect(discoverCalls(server)).toBe(0);
  });
});
