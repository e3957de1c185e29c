import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FileLock, withFileLock } from './file-lock';
import { LockOwnerSchema, systemProbe, type LockOwner } from './lock-owner';

const tempFile = (): string => join(mkdtempSync(join(tmpdir(), 'cs-file-lock-')), 'data.json');
const LONG_AGO = new Date(Date.now() - 3_600_000);

/** A record as another process would write it. */
function record(pid: number, overrides: Partial<LockOwner> = {}): LockOwner {
  return { v: 1, pid, host: hostname(), nonce: `nonce-${pid}-abcdef`, since: LONG_AGO.toISOString(), ...overrides };
}

function placeLock(file: string, owner: LockOwner): void {
  writeFileSync(`${file}.lock`, JSON.stringify(owner));
  utimesSync(`${file}.lock`, LONG_AGO, LONG_AGO);
}

// Far above any pid_max (Linux 2^22, macOS 99999): kill(pid, 0) answers ESRCH.
const NO_SUCH_PID = 2_147_483_000;

describe('withFileLock', () => {
  it('writes an owner record naming this process while held, and removes it after', async () => {
    const file = tempFile();
    const seen = await withFileLock(file, { staleMs: 1_000, timeoutMs: 1_000 }, () => Promise.resolve(readFileSync(`${file}.lock`, 'utf8')));
    const owner = LockOwnerSchema.parse(JSON.parse(seen));
    expect(owner).toMatchObject({ pid: process.pid, host: hostname() });
    if (process.platform === 'linux') expect(owner.start).toBe((await systemProbe.processStat(process.pid))?.start);
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it('calls in one process exclude each other', async () => {
    const file = tempFile();
    let inside = 0;
    let overlapped = false;
    await Promise.all(
      Array.from({ length: 8 }, () =>
        withFileLock(file, { staleMs: 1_000, timeoutMs: 10_000 }, async () => {
          inside += 1;
          overlapped ||= inside > 1;
          await new Promise((resolve) => setImmediate(resolve));
          inside -= 1;
        }),
      ),
    );
    expect(overlapped).toBe(false);
  });

  it('takes over at once a lock whose owner is gone, without waiting for staleMs', async () => {
    const file = tempFile();
    placeLock(file, record(NO_SUCH_PID));
    // staleMs far in the future and a short timeout: only the dead owner can explain getting the lock.
    await expect(withFileLock(file, { staleMs: 3_600_000 * 24, timeoutMs: 200 }, () => Promise.resolve('got it'))).resolves.toBe('got it');
    expect(readdirSync(join(file, '..')).filter((name) => name.includes('.lock'))).toEqual([]);
  });

  it('never takes a lock whose owner runs, however old the lock file', async () => {
    const file = tempFile();
    placeLock(file, record(process.ppid));
    const error = await withFileLock(file, { staleMs: 1, timeoutMs: 200, label: 'the test file' }, () => Promise.resolve()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout', message: expect.stringContaining(`pid ${process.ppid}`) as unknown });
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.ppid });
  });

  it('keeps a lock of another host and says so', async () => {
    const file = tempFile();
    placeLock(file, record(NO_SUCH_PID, { host: `not-${hostname()}` }));
    const error = await withFileLock(file, { staleMs: 1, timeoutMs: 100 }, () => Promise.resolve()).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'timeout', hint: expect.stringContaining('another computer') as unknown });
  });

  it('an ownerless lock (an earlier version\'s folder, an empty file) is honoured for staleMs, then taken', async () => {
    const file = tempFile();
    mkdirSync(`${file}.lock`);
    await expect(withFileLock(file, { staleMs: 60_000, timeoutMs: 100 }, () => Promise.resolve())).rejects.toMatchObject({ code: 'timeout' });
    utimesSync(`${file}.lock`, LONG_AGO, LONG_AGO);
    await expect(withFileLock(file, { staleMs: 60_000, timeoutMs: 100 }, () => Promise.resolve('dir'))).resolves.toBe('dir');
    writeFileSync(`${file}.lock`, '');
    utimesSync(`${file}.lock`, LONG_AGO, LONG_AGO);
    await expect(withFileLock(file, { staleMs: 60_000, timeoutMs: 100 }, () => Promise.resolve('file'))).resolves.toBe('file');
  });

  it('a symlink at the lock path is no lock: removed at once, never followed, its target untouched', async () => {
    const file = tempFile();
    // Dangling: followed, it read as gone while creating failed, and the lock spun without end.
    symlinkSync(join(file, '..', 'nowhere'), `${file}.lock`);
    await expect(withFileLock(file, { staleMs: 60_000, timeoutMs: 60_000 }, () => Promise.resolve('dangling'))).resolves.toBe('dangling');
    // To a live owner's record: followed, it was honoured until the timeout.
    const target = join(file, '..', 'elsewhere.json');
    writeFileSync(target, JSON.stringify(record(process.pid, { nonce: 'not-this-lock' })));
    symlinkSync(target, `${file}.lock`);
    await expect(withFileLock(file, { staleMs: 60_000, timeoutMs: 60_000 }, () => Promise.resolve('linked'))).resolves.toBe('linked');
    expect(lstatSync(target).isFile()).toBe(true);
    expect(existsSync(`${file}.lock`)).toBe(false);
  }, 10_000);

  it('many callers taking over one dead lock at once still run one at a time', async () => {
    const file = tempFile();
    placeLock(file, record(NO_SUCH_PID));
    const locks = Array.from({ length: 6 }, () => new FileLock(file, { timeoutMs: 10_000 }));
    let inside = 0;
    let overlapped = false;
    await Promise.all(
      locks.map((lock) =>
        lock.run(async () => {
          inside += 1;
          overlapped ||= inside > 1;
          await new Promise((resolve) => setTimeout(resolve, 2));
          inside -= 1;
        }),
      ),
    );
    expect(overlapped).toBe(false);
  });

  it('assertHeld throws once the lock file is no longer ours', async () => {
    const file = tempFile();
    await withFileLock(file, { staleMs: 1_000, timeoutMs: 1_000 }, (assertHeld) => {
      expect(() => assertHeld()).not.toThrow();
      rmSync(`${file}.lock`);
      expect(() => assertHeld()).toThrow(/taken over/);
      placeLock(file, record(process.ppid));
      expect(() => assertHeld()).toThrow(/taken over/);
      return Promise.resolve();
    });
    // Someone else's lock is left alone on release.
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8'))).toMatchObject({ pid: process.ppid });
  });
});
