import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProcStat } from './proc-stat';
import { RUN_MARK_VAR } from './run-mark';
import { RunWatch } from './run-watch';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const MARK = 'ab'.repeat(16);
/** Opens a FIFO to write (waiting for its reader), says so, and writes once told to: or, after 20 s untold, anyway (only a stalled loop waits that long). */
const FIFO_WRITER = `
const fs = require('node:fs');
const [fifo, line] = process.argv.slice(1);
const fd = fs.openSync(fifo, 'w');
process.stdout.write('opened\\n');
const finish = (how) => { fs.writeSync(fd, line); fs.closeSync(fd); process.stdout.write(how + '\\n'); process.exit(0); };
process.stdin.once('data', () => finish('turned'));
setTimeout(() => finish('untold'), 20_000);
`;
// Past the kernel's pid_max: no process of this machine has these pids.
const P = 4_300_000;

/** A stand-in /proc: stat, environment and stdio links of each process. */
function fakeProc() {
  const proc = mkdtempSync(join(tmpdir(), 'fake-proc-'));
  dirs.push(proc);
  mkdirSync(join(proc, 'self', 'fd'), { recursive: true });
  const put = (stat: Omit<ProcStat, 'state'>, env: string[] = [], fds: Record<number, string> = {}): ProcStat => {
    const dir = join(proc, String(stat.pid));
    mkdirSync(join(dir, 'fd'), { recursive: true });
    const rest = Array.from({ length: 30 }, (_, i) => (i === 19 ? stat.start : '0'));
    rest.splice(0, 4, 'S', String(stat.ppid), String(stat.pgrp), String(stat.session));
    writeFileSync(join(dir, 'stat'), `${stat.pid} (x) ${rest.join(' ')}\n`);
    writeFileSync(join(dir, 'environ'), env.map((e) => `${e}\0`).join(''));
    for (const [fd, target] of Object.entries(fds)) symlinkSync(target, join(dir, 'fd', fd));
    return { ...stat, state: 'S' };
  };
  return { proc, put };
}

describe('RunWatch: what proves a process is the run’s', () => {
  it('takes descendants and holders of its stdio sockets; a process with its mark alone is left and told of', async () => {
    const { proc, put } = fakeProc();
    const mark = `${RUN_MARK_VAR}=${MARK}`;
    put({ pid: P, ppid: 1, pgrp: P, session: P, start: '1000' }, [mark], { 0: 'socket:[1]', 1: 'socket:[2]', 2: 'socket:[3]' });
    put({ pid: P + 1, ppid: P, pgrp: P + 1, session: P + 1, start: '1001' }, []); // a child that cleared its environment
    put({ pid: P + 2, ppid: 1, pgrp: P + 2, session: P + 2, start: '1002' }, [], { 2: 'socket:[3]' }); // re-parented, holds stderr
    // A program the person started through a launcher the server gave its mark to (tmux setenv -g).
    put({ pid: P + 3, ppid: 1, pgrp: P + 3, session: P + 3, start: '1003' }, ['HOME=/h', mark], { 1: '/dev/pts/1' });
    put({ pid: P + 4, ppid: 1, pgrp: P + 4, session: P + 4, start: '900' }, [mark]); // older than the run: never read
    const watch = await RunWatch.resume([{ pid: P, start: '1000' }], MARK, proc);
    const survivors = await watch?.survivors('end');
    expect(survivors?.map((s) => s.pid).sort()).toEqual([P, P + 1, P + 2]);
    expect(watch?.unproven()).toEqual([{ pid: P + 3, start: '1003' }]);
  });

  it('follows a chain deeper than one level in one look', async () => {
    const { proc, put } = fakeProc();
    put({ pid: P, ppid: 1, pgrp: P, session: P, start: '1000' });
    for (let i = 1; i <= 5; i++) put({ pid: P + i, ppid: P + i - 1, pgrp: P + i, session: P + i, start: String(1000 + i) });
    const survivors = await (await RunWatch.resume([{ pid: P, start: '1000' }], MARK, proc))?.survivors('end');
    expect(survivors).toHaveLength(6);
  });

  it('with `keep`, leaves out a daemon (left the session, holds no stdio socket of the run), not one still holding its output', async () => {
    const { proc, put } = fakeProc();
    put({ pid: P, ppid: 1, pgrp: P, session: P, start: '1000' }, [], { 1: 'socket:[2]' });
    put({ pid: P + 1, ppid: P, pgrp: P + 1, session: P + 1, start: '1001' }, [], { 1: '/dev/null' }); // gpg-agent
    put({ pid: P + 2, ppid: P, pgrp: P + 2, session: P + 2, start: '1002' }, [], { 1: 'socket:[2]' });
    put({ pid: P + 3, ppid: P, pgrp: P + 3, session: P, start: '1003' }, [], { 1: '/dev/null' }); // a job of its session
    const watch = await RunWatch.resume([{ pid: P, start: '1000' }], MARK, proc);
    expect((await watch?.survivors('keep'))?.map((s) => s.pid).sort()).toEqual([P, P + 2, P + 3]);
    expect((await watch?.survivors('end'))?.map((s) => s.pid).sort()).toEqual([P, P + 1, P + 2, P + 3]);
  });

  it('resuming reads the root’s stdio links without blocking: links gone before the read prove nothing', async () => {
    const { proc, put } = fakeProc();
    put({ pid: P, ppid: 1, pgrp: P, session: P, start: '1000' }, [], { 2: 'socket:[3]' });
    put({ pid: P + 2, ppid: 1, pgrp: P + 2, session: P + 2, start: '1002' }, [], { 2: 'socket:[3]' }); // re-parented, holds stderr
    const watch = await RunWatch.resume([{ pid: P, start: '1000' }], MARK, proc);
    // Read in resume's own turn, the link would prove P + 2 the run's; it is read later, once gone.
    rmSync(join(proc, String(P), 'fd'), { recursive: true });
    expect((await watch?.survivors('end'))?.map((s) => s.pid)).toEqual([P]);
  });

  it('resumes a run whose root is gone from its recorded members, never from a process that took a pid since', async () => {
    const { proc, put } = fakeProc();
    put({ pid: P, ppid: 1, pgrp: P, session: P, start: '5000' }, [], { 1: 'socket:[2]' }); // the root's pid, another program's now
    put({ pid: P + 1, ppid: 1, pgrp: P, session: P, start: '1001' }); // recorded, its parent gone
    put({ pid: P + 2, ppid: P + 1, pgrp: P, session: P, start: '1002' }); // started by a recorded one
    put({ pid: P + 3, ppid: P, pgrp: P, session: P, start: '5001' }, [], { 1: 'socket:[2]' }); // the new program's
    put({ pid: P + 4, ppid: 1, pgrp: P + 4, session: P + 4, start: '1004' }); // recorded with another start: reused
    const watch = await RunWatch.resume([{ pid: P, start: '1000' }, { pid: P + 1, start: '1001' }, { pid: P + 4, start: '999' }], MARK, proc);
    expect((await watch?.survivors('end'))?.map((s) => s.pid).sort()).toEqual([P + 1, P + 2]);
  });

  it('reads the stat of every process off the event loop: a look waiting on one read lets the loop turn', async () => {
    const { proc, put } = fakeProc();
    put({ pid: P, ppid: 1, pgrp: P, session: P, start: '5000' });
    // A process started before the run, whose stat answers only once this process's event loop has
    // turned after the look opened it: read synchronously, the loop stood still until the writer gave up.
    const slow = join(proc, String(P + 1));
    mkdirSync(slow);
    execFileSync('mkfifo', [join(slow, 'stat')]);
    const writer = spawn(process.execPath, ['-e', FIFO_WRITER, join(slow, 'stat'), `${P + 1} (x) S 1 ${P + 1} ${P + 1} ${'0 '.repeat(15)}100 0\n`], { stdio: ['pipe', 'pipe', 'inherit'] });
    const said: string[] = [];
    writer.stdin.on('error', () => undefined); // gone before told, when the look blocked
    writer.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      said.push(...chunk.split('\n').filter((line) => line !== ''));
      if (chunk.includes('opened')) writer.stdin.write('go\n');
    });
    const ended = new Promise((resolve) => writer.once('exit', resolve));
    const watch = await RunWatch.resume([{ pid: P, start: '5000' }], MARK, proc);
    expect((await watch?.survivors('end'))?.map((s) => s.pid)).toEqual([P]);
    await ended;
    expect(said.join(' ')).toBe('opened turned');
  });
});
