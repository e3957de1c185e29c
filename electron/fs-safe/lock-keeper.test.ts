import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { holdLock } from './file-lock';
import { restoreLock } from './lock-keeper';
import { LockOwnerSchema, markHeld, ownerRecord, systemProbe, type LockOwner } from './lock-owner';

const tempLock = (): string => join(mkdtempSync(join(tmpdir(), 'cs-keep-lock-')), 'app.lock');
const OPTIONS = { staleMs: 10_000, timeoutMs: 5_000, label: 'the app' };
const NO_SUCH_PID = 2_147_483_000;
const busy = (owner: LockOwner): Error => new Error(`held by pid ${owner.pid}`);
const recordAt = (lock: string): LockOwner => LockOwnerSchema.parse(JSON.parse(readFileSync(lock, 'utf8')));

function other(pid: number, start?: string): LockOwner {
  return { v: 1, pid, host: hostname(), nonce: `nonce-${pid}-abcdef`, since: new Date().toISOString(), ...(start === undefined ? {} : { start }) };
}

/** A lock this process holds, written without holdLock's keeper, so one look at a time is the test's. */
async function heldHere(lock: string): Promise<LockOwner> {
  const mine = await ownerRecord(systemProbe, new Date());
  markHeld(mine, true);
  writeFileSync(lock, JSON.stringify(mine));
  return mine;
}

describe('restoreLock', () => {
  it('writes a held lock back when it was removed, broken, or replaced by a dead process\'s record', async () => {
    for (const replace of [(lock: string) => rmSync(lock), (lock: string) => writeFileSync(lock, 'not a lock'), (lock: string) => writeFileSync(lock, JSON.stringify(other(NO_SUCH_PID)))]) {
      const lock = tempLock();
      const mine = await heldHere(lock);
      replace(lock);
      expect(await restoreLock(lock, mine)).toEqual({ kind: 'restored' });
      expect(recordAt(lock)).toEqual(mine);
      expect(await restoreLock(lock, mine)).toEqual({ kind: 'held' });
      markHeld(mine, false);
    }
  });

  it('leaves a live process\'s record and reports it', async () => {
    const lock = tempLock();
    const mine = await heldHere(lock);
    const start = (await systemProbe.processStat(process.ppid))?.start;
    const theirs = other(process.ppid, start);
    writeFileSync(lock, JSON.stringify(theirs));
    expect(await restoreLock(lock, mine)).toEqual({ kind: 'lost', owner: theirs });
    expect(recordAt(lock)).toEqual(theirs);
    markHeld(mine, false);
  });
});

describe('holdLock keeps its lock', () => {
  it('puts the lock back by itself once it is deleted, and lets it go for good at release', async () => {
    const lock = tempLock();
    const release = await holdLock(lock, OPTIONS, busy);
    const mine = recordAt(lock);
    rmSync(lock);
    // Waits for the keeper's look (a change event, or its timer), not for a time.
    await vi.waitFor(() => expect(recordAt(lock)).toEqual(mine), { timeout: 30_000, interval: 20 });
    // A second taker is refused now, as before the deletion.
    await expect(holdLock(lock, { ...OPTIONS, timeoutMs: 200 }, busy)).rejects.toThrow(`held by pid ${process.pid}`);
    await release();
    expect(existsSync(lock)).toBe(false);
    const again = await holdLock(lock, OPTIONS, busy);
    await again();
  });

  it('tells `lost` once when another live process holds the path instead', async () => {
    const lock = tempLock();
    const lost = vi.fn();
    const release = await holdLock(lock, OPTIONS, busy, lost);
    const start = (await systemProbe.processStat(process.ppid))?.start;
    const theirs = other(process.ppid, start);
    writeFileSync(lock, JSON.stringify(theirs));
    await vi.waitFor(() => expect(lost).toHaveBeenCalledWith(theirs), { timeout: 30_000, interval: 20 });
    writeFileSync(lock, JSON.stringify(theirs));
    await release();
    expect(lost).toHaveBeenCalledTimes(1);
    expect(recordAt(lock)).toEqual(theirs);
  });
});
