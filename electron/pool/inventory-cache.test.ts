import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TITLE } from '../../shared/text';
import { CACHE_VERSION, fingerprintOf, type CachedInventory } from './inventory';
import { cacheFile, deleteCache, readCache, writeCache } from './inventory-cache';

function sample(server = 'files'): CachedInventory {
  return {
    version: CACHE_VERSION,
    server,
    fingerprint: 'abc',
    updatedAt: 42,
    tools: [{ server, name: 'read', inputSchema: { type: 'object' } }],
    resources: [],
    templates: [],
    prompts: [{ server, name: 'p' }],
  };
}

describe('inventory cache', () => {
  it('round-trips through an atomic write and leaves no temp files', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'pool-cache-')), 'nested');
    await writeCache(dir, sample());
    expect(readdirSync(dir)).toEqual(['files.json']);
    expect(await readCache(dir, 'files')).toEqual({ ok: true, cache: sample() });
    await deleteCache(dir, 'files');
    expect(await readCache(dir, 'files')).toEqual({ ok: false, reason: 'missing' });
  });

  it('cuts titles a cache written before the cut holds whole', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool-cache-'));
    const huge = 'T'.repeat(300_000);
    const old = sample();
    old.tools = [{ server: 'files', name: 'read', title: huge, inputSchema: { type: 'object' }, annotations: { title: huge, readOnlyHint: true } }];
    await writeCache(dir, old);
    const read = await readCache(dir, 'files');
    const cut = `${'T'.repeat(MAX_TITLE - 1)}…`;
    expect(read.ok && read.cache.tools[0]).toEqual({ server: 'files', name: 'read', title: cut, inputSchema: { type: 'object' }, annotations: { title: cut, readOnlyHint: true } });
  });

  it('refuses a cache written before tools carried requiresTasks, so a task-only tool is not listed from it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool-cache-'));
    const old = { ...sample(), version: 2, tools: [{ server: 'files', name: 'research', inputSchema: { type: 'object' } }] };
    writeFileSync(cacheFile(dir, 'files'), JSON.stringify(old));
    const read = await readCache(dir, 'files');
    expect(read.ok).toBe(false);
    expect(!read.ok && read.reason).toMatch(/^invalid/);
  });

  it('refuses invalid JSON, a wrong shape, and another server’s file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pool-cache-'));
    writeFileSync(cacheFile(dir, 'a'), '{nope');
    expect(await readCache(dir, 'a')).toEqual({ ok: false, reason: 'not valid JSON' });
    writeFileSync(cacheFile(dir, 'b'), JSON.stringify({ ...sample('b'), tools: [{ name: 1 }] }));
    expect((await readCache(dir, 'b')).ok).toBe(false);
    writeFileSync(cacheFile(dir, 'c'), JSON.stringify(sample('other')));
    expect(await readCache(dir, 'c')).toEqual({ ok: false, reason: 'belongs to "other"' });
    expect(readFileSync(cacheFile(dir, 'c'), 'utf8')).toContain('other');
  });
});

describe('fingerprintOf', () => {
  it('changes with what shapes the inventory, not with timeouts, policy or description', () => {
    const base = { command: 'node', args: ['a.js'], env: { K: 'v' } };
    const same = fingerprintOf(base);
    expect(fingerprintOf({ ...base, timeoutMs: 5000, description: 'x', enabled: false, tools: { deny: ['x'] } })).toBe(same);
    expect(fingerprintOf({ args: ['a.js'], env: { K: 'v' }, command: 'node' })).toBe(same);
    expect(fingerprintOf({ ...base, args: ['b.js'] })).not.toBe(same);
    expect(fingerprintOf({ ...base, env: { K: 'w' } })).not.toBe(same);
    // A hash, never the values (env may hold secrets).
    expect(same).toMatch(/^[0-9a-f]{64}$/);
  });
});
