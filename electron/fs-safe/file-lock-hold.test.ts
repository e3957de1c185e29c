import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdLock, provenHolder } from './file-lock';
import { LockOwnerSchema, systemProbe, type LockOwner } from './lock-owner';

const tempLock = (): string => join(mkdtempSync(join(tmpdir(), 'cs-hold-lock-')), 'app.lock');
const OPTIONS = { staleMs: 10_000, timeoutMs: 5_000, label: 'the app' };
// Far above any pid_max (Linux 2^22, macOS 99999): kill(pid, 0) answers ESRCH.
const NO_SUCH_PID = 2_147_483_000;

function record(pid: number): LockOwner {
  return { v: 1, pid, host: hostname(), nonce: `nonce-${pid}-abcdef`, since: new Date().toISOString() };
}

/** A record that proves its owner as Linux does: the pid with the process's start time. */
async function proven(pid: number): Promise<LockOwner> {
  const start = (await systemProbe.processStat(pid))?.start;
  if (start === undefined) throw new Error('no start time to prove a process by here');
  return { ...record(pid), start };
}

const busy = (owner: LockOwner): Error => new Error(`held by pid ${owner.pid}`);

describe('holdLock', () => {
  it('keeps the lock until released: a second taker in this process is refused once its wait is over, naming this pid', async () => {
    const lock = tempLock();
    const release = await holdLock(lock, OPTIONS, busy);
    expect(LockOwnerSchema.parse(JSON.parse(readFileSync(lock, 'utf8'))).pid).toBe(process.pid);
    await expect(holdLock(lock, { ...OPTIONS, timeoutMs: 200 }, busy)).rejects.toThrow(`held by pid ${process.pid}`);
    await release();
    expect(existsSync(lock)).toBe(false);
    const again = await holdLock(lock, OPTIONS, busy);
    await again();
  });

  it('refuses a lock whose owner is proven to run, once its wait is over, and leaves it', async () => {
    const lock = tempLock();
    writeFileSync(lock, JSON.stringify(await proven(process.ppid)));
    await expect(holdLock(lock, { ...OPTIONS, timeoutMs: 200 }, busy)).rejects.toThrow(`held by pid ${process.ppid}`);
    expect(LockOwnerSchema.parse(JSON.parse(readFileSync(lock, 'utf8'))).pid).toBe(process.ppid);
  });

  it('takes over a lock whose pid runs but is not proven its owner: no start time (other systems), another start time, another host name', async () => {
    for (const owner of [record(process.ppid), { ...(await proven(process.ppid)), start: '1' }, { ...(await proven(process.ppid)), host: `${hostname()}-renamed` }]) {
      const lock = tempLock();
      writeFileSync(lock, JSON.stringify(owner));
      const release = await holdLock(lock, { ...OPTIONS, timeoutMs: 3_600_000 }, busy);
      expect(LockOwnerSchema.parse(JSON.parse(readFileSync(lock, 'utf8'))).pid).toBe(process.pid);
      await release();
    }
  });

  it('waits for a proven owner that is stopping, and takes the lock once it is released', async () => {
    const lock = tempLock();
    const first = await holdLock(lock, OPTIONS, busy);
    const second = holdLock(lock, { ...OPTIONS, timeoutMs: 3_600_000 }, busy);
    setTimeout(() => void first(), 200);
    const release = await second;
    expect(LockOwnerSchema.parse(JSON.parse(readFileSync(lock, 'utf8'))).pid).toBe(process.pid);
    await release();
    expect(existsSync(lock)).toBe(false);
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

describe('provenHolder', () => {
  it('names a proven holder, and nothing for a free lock, a dead or unproven owner, or a lock without a record yet', async () => {
    const lock = tempLock();
    expect(await provenHolder(lock)).toBeUndefined();
    writeFileSync(lock, JSON.stringify(await proven(process.ppid)));
    expect((await provenHolder(lock))?.pid).toBe(process.ppid);
    writeFileSync(lock, JSON.stringify(record(process.ppid)));
    expect(await provenHolder(lock)).toBeUndefined();
    writeFileSync(lock, JSON.stringify(record(NO_SUCH_PID)));
    expect(await provenHolder(lock)).toBeUndefined();
    writeFileSync(lock, '');
    expect(await provenHolder(lock)).toBeUndefined();
    // Only read: the lock is left for the next start to take over.
    expect(existsSync(lock)).toBe(true);
  });

  it('does not take a holder under another host name for proven (a renamed machine after a crash)', async () => {
    const lock = tempLock();
    writeFileSync(lock, JSON.stringify({ ...(await proven(process.ppid)), host: `${hostname()}-elsewhere` }));
    expect(await provenHolder(lock)).toBeUndefined();
  });

  it('is also the holdLock holder of this process while held', async () => {
    const lock = tempLock();
    const release = await holdLock(lock, OPTIONS, busy);
    expect((await provenHolder(lock))?.pid).toBe(process.pid);
    await release();
    expect(await provenHolder(lock)).toBeUndefined();
  });
});
