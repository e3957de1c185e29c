import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import type * as FsPromises from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';

// A third process creating the lock in the instant a taker has moved it aside: the hook runs right after each rename.
const afterRename = vi.hoisted(() => ({ run: undefined as (() => void) | undefined }));
vi.mock('node:fs/promises', async (original) => {
  const real = await original<typeof FsPromises>();
  return {
    ...real,
    rename: async (from: string, to: string) => {
      await real.rename(from, to);
      afterRename.run?.();
    },
  };
});

const { inspectLock, removeStaleEntry, takeoverGuard } = await import('./lock-entry');
const { holds } = await import('./lock-create');

const owner = (nonce: string) => ({ v: 1 as const, pid: 2_147_483_000, host: hostname(), nonce, since: new Date().toISOString() });

describe('taking over a stale lock', () => {
  // Removed by a rename aside and a link back, a lock taken meanwhile by another was lost when a
  // third created the path in between: both then ran inside the lock at once.
  it('never removes a lock that replaced the stale one it looked at, whatever happens meanwhile', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cs-takeover-')), 'data.json.lock');
    writeFileSync(path, JSON.stringify(owner('stale-one')));
    const stale = await inspectLock(path);
    // Meanwhile another taker removed it and a caller took the lock.
    const current = owner('current-holder');
    writeFileSync(`${path}.new`, JSON.stringify(current));
    const { rename } = await import('node:fs/promises');
    afterRename.run = undefined;
    await rename(`${path}.new`, path);
    afterRename.run = () => {
      if (!existsSync(path)) writeFileSync(path, JSON.stringify(owner('third')), { flag: 'wx' });
    };
    await removeStaleEntry(path, stale);
    afterRename.run = undefined;
    expect(holds(path, current)).toBe(true);
    expect(existsSync(takeoverGuard(path))).toBe(false);
  });

  it('removes the stale entry it looked at, and leaves no guard behind', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cs-takeover-')), 'data.json.lock');
    writeFileSync(path, JSON.stringify(owner('stale-one')));
    await removeStaleEntry(path, await inspectLock(path));
    expect(existsSync(path)).toBe(false);
    expect(existsSync(takeoverGuard(path))).toBe(false);
  });

  it('removes nothing while another taker holds the guard, and clears a guard its holder left behind', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'cs-takeover-')), 'data.json.lock');
    writeFileSync(path, JSON.stringify(owner('stale-one')));
    const stale = await inspectLock(path);
    writeFileSync(takeoverGuard(path), '');
    await removeStaleEntry(path, stale);
    expect(existsSync(path)).toBe(true);
    const { utimes } = await import('node:fs/promises');
    const longAgo = new Date(Date.now() - 60_000);
    await utimes(takeoverGuard(path), longAgo, longAgo);
    await removeStaleEntry(path, stale);
    expect(existsSync(takeoverGuard(path))).toBe(false);
    await removeStaleEntry(path, stale);
    expect(existsSync(path)).toBe(false);
  });
});
