import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdLock, liveHolder } from './file-lock';
import { LockOwnerSchema, type LockOwner } from './lock-owner';

const tempLock = (): string => join(mkdtempSync(join(tmpdir(), 'cs-hold-lock-')), 'app.lock');
const OPTIONS = { staleMs: 10_000, timeoutMs: 5_000, label: 'the app' };
// Far above any pid_max (Linux 2^22, macOS 99999): kill(pid, 0) answers ESRCH.
const NO_SUCH_PID = 2_147_483_000;

function record(pid: number): LockOwner {
  return { v: 1, pid, host: hostname(), nonce: `nonce-${pid}-abcdef`, since: new Date().toISOString() };
}

const busy = (owner: LockOwner): Error => new Error(`held by pid ${owner.pid}`);

describe('holdLock', () => {
  it('keeps the lock until released: a second taker in this process is refused at once, naming this pid', async () => {
    const lock = tempLock();
    const release = await holdLock(lock, OPTIONS, busy);
    expect(LockOwnerSchema.parse(JSON.parse(readFileSync(lock, 'utf8'))).pid).toBe(process.pid);
    await expect(holdLock(lock, OPTIONS, busy)).rejects.toThrow(`held by pid ${process.pid}`);
    await release();
    expect(existsSync(lock)).toBe(false);
    const again = await holdLock(lock, OPTIONS, busy);
    await again();
  });

  it('refuses at once a lock whose owner runs, without waiting for timeoutMs', async () => {
    const lock = tempLock();
    // The parent of this test process runs; a record without a start time is taken for it.
    writeFileSync(lock, JSON.stringify(record(process.ppid)));
    await expect(holdLock(lock, { ...OPTIONS, timeoutMs: 3_600_000 }, busy)).rejects.toThrow(`held by pid ${process.ppid}`);
    expect(LockOwnerSchema.parse(JSON.parse(readFileSync(lock, 'utf8'))).pid).toBe(process.ppid);
  });

  it('takes over the lock of an owner that died (kill -9 leaves it behind)', async () => {
    const lock = tempLock();
    writeFileSync(lock, JSON.stringify(record(NO_SUCH_PID)));
    const release = await holdLock(lock, OPTIONS, busy);
    expect(LockOwnerSchema.parse(JSON.parse(readFileSync(lock, 'utf8'))).pid).toBe(process.pid);
    await release();
    await release();
    expect(existsSync(lock)).toBe(false);
  });
});

describe('liveHolder', () => {
  it('names a live holder, and nothing for a free lock, a dead owner or a lock without a record yet', async () => {
    const lock = tempLock();
    expect(await liveHolder(lock)).toBeUndefined();
    writeFileSync(lock, JSON.stringify(record(process.ppid)));
    expect((await liveHolder(lock))?.pid).toBe(process.ppid);
    writeFileSync(lock, JSON.stringify(record(NO_SUCH_PID)));
    expect(await liveHolder(lock)).toBeUndefined();
    writeFileSync(lock, '');
    expect(await liveHolder(lock)).toBeUndefined();
    // Only read: the dead owner's lock is left for the next start to take over.
    expect(existsSync(lock)).toBe(true);
  });

  it('counts a holder on another computer sharing the folder as live: its end cannot be seen from here', async () => {
    const lock = tempLock();
    writeFileSync(lock, JSON.stringify({ ...record(NO_SUCH_PID), host: `${hostname()}-elsewhere` }));
    expect((await liveHolder(lock))?.pid).toBe(NO_SUCH_PID);
  });

  it('is also the holdLock holder of this process while held', async () => {
    const lock = tempLock();
    const release = await holdLock(lock, OPTIONS, busy);
    expect((await liveHolder(lock))?.pid).toBe(process.pid);
    await release();
    expect(await liveHolder(lock)).toBeUndefined();
  });
});
