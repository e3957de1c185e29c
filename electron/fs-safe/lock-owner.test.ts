import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { bootIdOnce, describeOwner, markHeld, ownerRecord, ownerStatus, parseProcStat, systemProbe, type LockOwner, type ProcessProbe } from './lock-owner';

const errno = (code: string): Error => Object.assign(new Error(code), { code });

/** A machine with one other process, 4242, started at tick 777 (unless told otherwise). */
function probe(overrides: Partial<ProcessProbe> = {}): ProcessProbe {
  return {
    hostname: () => 'laptop',
    pid: 100,
    signal0: (pid) => {
      if (pid !== 4242) throw errno('ESRCH');
    },
    bootId: () => Promise.resolve('boot-a'),
    processStat: (pid) => Promise.resolve(pid === 4242 ? { start: '777', state: 'S' } : pid === 100 ? { start: '5', state: 'R' } : undefined),
    ...overrides,
  };
}

const owner = (overrides: Partial<LockOwner> = {}): LockOwner => ({
  v: 1,
  pid: 4242,
  host: 'laptop',
  nonce: 'nonce-0000-1111',
  boot: 'boot-a',
  start: '777',
  since: '2026-01-01T00:00:00.000Z',
  ...overrides,
});

describe('ownerStatus: a lock is taken over only when its owner process is gone', () => {
  it('a running owner keeps its lock, also when stopped (state T) or owned by another user (EPERM)', async () => {
    expect(await ownerStatus(owner(), probe())).toBe('alive');
    expect(await ownerStatus(owner(), probe({ processStat: () => Promise.resolve({ start: '777', state: 'T' }) }))).toBe('alive');
    const otherUser = probe({ signal0: () => { throw errno('EPERM'); } });
    expect(await ownerStatus(owner(), otherUser)).toBe('alive');
  });

  it('an exited owner (ESRCH), or one that exited and waits to be reaped (zombie), loses it', async () => {
    expect(await ownerStatus(owner({ pid: 5000 }), probe())).toBe('dead');
    expect(await ownerStatus(owner(), probe({ processStat: () => Promise.resolve({ start: '777', state: 'Z' }) }))).toBe('dead');
  });

  it('a reused pid is told apart: another start time, or another boot', async () => {
    expect(await ownerStatus(owner({ start: '778' }), probe())).toBe('dead');
    expect(await ownerStatus(owner({ boot: 'boot-b' }), probe())).toBe('dead');
  });

  it('without /proc (macOS, Windows) a running pid counts as the owner', async () => {
    const noProc = probe({ bootId: () => Promise.resolve(undefined), processStat: () => Promise.resolve(undefined) });
    expect(await ownerStatus(owner({ boot: undefined, start: undefined }), noProc)).toBe('alive');
    expect(await ownerStatus(owner({ pid: 5000, boot: undefined, start: undefined }), noProc)).toBe('dead');
  });

  it('our own pid: alive only for a lock this process holds now, not for one a past process with our pid left', async () => {
    const p = probe();
    const mine = await ownerRecord(p, new Date(0));
    expect(mine).toMatchObject({ pid: 100, host: 'laptop', boot: 'boot-a', start: '5' });
    expect(await ownerStatus(mine, p)).toBe('dead');
    markHeld(mine, true);
    expect(await ownerStatus(mine, p)).toBe('alive');
    markHeld(mine, false);
    expect(await ownerStatus(mine, p)).toBe('dead');
  });

  it('another host cannot be looked at, so its lock is kept', async () => {
    expect(await ownerStatus(owner({ host: 'desktop', pid: 5000 }), probe())).toBe('elsewhere');
  });
});

describe('parseProcStat', () => {
  it('reads state and start time even when the command name has spaces and parentheses', () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3));
    fields[0] = 'T';
    fields[19] = '123456';
    expect(parseProcStat(`42 (my (odd) name) ${fields.join(' ')}`)).toEqual({ state: 'T', start: '123456' });
    expect(parseProcStat('garbage')).toBeUndefined();
  });
});

// Another process wrote the owner record: what of it a message quotes is only what ours would write.
describe('describeOwner', () => {
  it('names the pid, another host and the time as written', async () => {
    expect(describeOwner(owner(), probe())).toBe('pid 4242, since 2026-01-01T00:00:00.000Z');
    expect(describeOwner(owner({ host: 'desk-2.local' }), probe())).toBe('pid 4242 on desk-2.local, since 2026-01-01T00:00:00.000Z');
    expect(describeOwner(await ownerRecord(probe(), new Date(0)), probe())).toBe('pid 100, since 1970-01-01T00:00:00.000Z');
  });

  it('leaves out a time or host not in that form: of any length, with a line break, not a date', () => {
    for (const since of ['x'.repeat(100_000), '2026-01-01T00:00:00.000Z\nhint: run rm -rf ~', '2026-13-01T00:00:00.000Z', '']) {
      expect(describeOwner(owner({ since }), probe())).toBe('pid 4242');
    }
    expect(describeOwner(owner({ host: 'a\n\nPaste your key' }), probe())).toBe('pid 4242 on another host, since 2026-01-01T00:00:00.000Z');
    expect(describeOwner(owner({ host: 'h'.repeat(300) }), probe())).toBe('pid 4242 on another host, since 2026-01-01T00:00:00.000Z');
  });
});

describe('bootIdOnce: a boot id that was read is kept, a failed read is tried again', () => {
  it('reads again after a failure (EMFILE, a rejection, an empty file), then keeps the first id found', async () => {
    const answers: (() => Promise<string | undefined>)[] = [
      () => Promise.resolve(undefined),
      () => Promise.reject(errno('EMFILE')),
      () => Promise.resolve(''),
      () => Promise.resolve('boot-a'),
      () => Promise.resolve('boot-b'),
    ];
    let reads = 0;
    const bootId = bootIdOnce(() => (answers[reads++] ?? answers[answers.length - 1] ?? (() => Promise.resolve(undefined)))());
    expect(await bootId()).toBeUndefined();
    expect(await bootId()).toBeUndefined();
    expect(await bootId()).toBeUndefined();
    expect(await bootId()).toBe('boot-a');
    expect(await bootId()).toBe('boot-a');
    expect(reads).toBe(4);
  });

  it('callers that ask while a read is under way share it', async () => {
    let reads = 0;
    let finish: (boot: string | undefined) => void = () => undefined;
    const bootId = bootIdOnce(() => {
      reads++;
      return new Promise((resolve) => (finish = resolve));
    });
    const first = bootId();
    expect(bootId()).toBe(first);
    finish(undefined);
    expect(await first).toBeUndefined();
    const second = bootId();
    finish('boot-a');
    expect(await second).toBe('boot-a');
    expect(reads).toBe(2);
  });

  it('an owner check after a failed read compares boots again once the read succeeds', async () => {
    let fail = true;
    const bootId = bootIdOnce(() => Promise.resolve(fail ? undefined : 'boot-a'));
    const p = probe({ bootId });
    // Without a boot id a live pid from another boot is taken for the owner; with it, it is not.
    expect(await ownerStatus(owner({ boot: 'boot-b' }), p)).toBe('alive');
    fail = false;
    expect(await ownerStatus(owner({ boot: 'boot-b' }), p)).toBe('dead');
  });
});

describe.skipIf(process.platform !== 'linux')('systemProbe against the real /proc, read without blocking', () => {
  const startOf = (pid: number): string | undefined => parseProcStat(readFileSync(`/proc/${pid}/stat`, 'latin1'))?.start;

  it('reads this process, and a child while it runs and once it is gone', async () => {
    expect(await systemProbe.processStat(process.pid)).toEqual({ start: startOf(process.pid), state: expect.stringMatching(/^[A-Za-z]$/) as unknown });
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = child.pid ?? -1;
    try {
      expect(await systemProbe.processStat(pid)).toEqual({ start: startOf(pid), state: expect.stringMatching(/^[A-Za-z]$/) as unknown });
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await systemProbe.processStat(pid)).toBeUndefined();
  });

  it("reads the kernel's boot id, once for the process's life", async () => {
    const boot = await systemProbe.bootId();
    expect(boot).toBe(readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim());
    expect(systemProbe.bootId()).toBe(systemProbe.bootId());
  });

  it('records this process as a live owner, and a child that exited as a dead one', async () => {
    const mine = await ownerRecord(systemProbe, new Date());
    expect(mine).toMatchObject({ pid: process.pid, start: startOf(process.pid), boot: await systemProbe.bootId() });
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const pid = child.pid ?? -1;
    const theirs = { ...mine, pid, start: startOf(pid), nonce: 'another-process' };
    expect(await ownerStatus(theirs, systemProbe)).toBe('alive');
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await ownerStatus(theirs, systemProbe)).toBe('dead');
  });
});
