import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readProcStat, readProcStatSync, type ProcStat } from './proc-stat';
import { RunTree } from './run-tree';
import { stdioLinks } from './proc-scan';
import { stdioSockets } from './stdio-sockets';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A stand-in /proc: each process a stat file (its name with a space and a ')' in it, as a hostile one may be). */
function fakeProc(): { proc: string; put: (stat: Omit<ProcStat, 'state'> & { state?: string }) => ProcStat; gone: (pid: number) => void } {
  const proc = mkdtempSync(join(tmpdir(), 'fake-proc-'));
  dirs.push(proc);
  return {
    proc,
    put: (stat) => {
      mkdirSync(join(proc, String(stat.pid)), { recursive: true });
      const state = stat.state ?? 'S';
      const rest = Array.from({ length: 30 }, (_, i) => (i === 19 ? stat.start : '0'));
      rest.splice(0, 4, state, String(stat.ppid), String(stat.pgrp), String(stat.session));
      writeFileSync(join(proc, String(stat.pid), 'stat'), `${stat.pid} (a) b) ${rest.join(' ')}\n`);
      return { ...stat, state };
    },
    gone: (pid) => rmSync(join(proc, String(pid)), { recursive: true }),
  };
}

describe('readProcStat and readProcStatSync', () => {
  it('reads the fields after the last ")" of the name', async () => {
    const { proc, put } = fakeProc();
    put({ pid: 10, ppid: 1, pgrp: 10, session: 10, start: '500' });
    const want = { pid: 10, ppid: 1, pgrp: 10, session: 10, start: '500', state: 'S' };
    expect(await readProcStat(10, proc)).toEqual(want);
    expect(readProcStatSync(10, proc)).toEqual(want);
    expect(await readProcStat(11, proc)).toBeUndefined();
    expect(readProcStatSync(11, proc)).toBeUndefined();
  });

  it('refuses a stat whose numbers are not numbers or whose start is missing', async () => {
    const { proc } = fakeProc();
    mkdirSync(join(proc, '12'));
    writeFileSync(join(proc, '12', 'stat'), '12 (x) S 1x 12 12 0\n');
    mkdirSync(join(proc, '13'));
    writeFileSync(join(proc, '13', 'stat'), '13 (x) S 1 13 13 0 0\n');
    for (const pid of [12, 13]) {
      expect(await readProcStat(pid, proc)).toBeUndefined();
      expect(readProcStatSync(pid, proc)).toBeUndefined();
    }
  });

  it.skipIf(process.platform !== 'linux')('reads this process and a child as proc(5) writes them, the child undefined once reaped', async () => {
    const own = await readProcStat(process.pid);
    expect(own).toMatchObject({ pid: process.pid, ppid: process.ppid });
    expect(own?.state).toMatch(/^[A-Za-z]$/);
    expect(own?.start).toMatch(/^\d+$/);
    expect(readProcStatSync(process.pid)?.start).toBe(own?.start);
    const child = spawn('sleep', ['30'], { stdio: 'ignore', detached: true });
    const pid = child.pid ?? -1;
    try {
      const stat = await readProcStat(pid);
      // Spawned detached: it leads its own group and session, as a run's root does.
      expect(stat).toMatchObject({ pid, ppid: process.pid, pgrp: pid, session: pid });
      expect(stat?.start).toBe(readProcStatSync(pid)?.start);
      expect(Number(stat?.start)).toBeGreaterThanOrEqual(Number(own?.start));
    } finally {
      child.kill('SIGKILL');
    }
    await new Promise((resolve) => child.once('exit', resolve));
    expect(await readProcStat(pid)).toBeUndefined();
  });
});

/** What `adopt` is told of a parent: whether `proc` shows it now with the start recorded. */
function aliveIn(proc: string): (pid: number, start: string) => boolean {
  return (pid, start) => readProcStatSync(pid, proc)?.start === start;
}

describe('RunTree', () => {
  it('adopts what descends from the root, deepest first or not, and the members of its session; nothing else', () => {
    const { proc, put } = fakeProc();
    const root = put({ pid: 100, ppid: 1, pgrp: 100, session: 100, start: '1000' });
    const tree = new RunTree(root);
    const grandchild = put({ pid: 102, ppid: 101, pgrp: 102, session: 102, start: '1002' }); // left group and session
    const child = put({ pid: 101, ppid: 100, pgrp: 100, session: 100, start: '1001' });
    const jobOfAShell = put({ pid: 103, ppid: 1, pgrp: 103, session: 100, start: '1003' }); // own group, re-parented
    const stranger = put({ pid: 104, ppid: 1, pgrp: 104, session: 104, start: '1004' });
    tree.adopt([grandchild, child, jobOfAShell, stranger], aliveIn(proc));
    expect(tree.members().map((s) => s.pid).sort()).toEqual([100, 101, 102, 103]);
  });

  it('does not take the child of a process that reused a parent’s pid, nor one whose own pid was reused', () => {
    const { proc, put, gone } = fakeProc();
    const root = put({ pid: 100, ppid: 1, pgrp: 100, session: 100, start: '1000' });
    const tree = new RunTree(root);
    const child = put({ pid: 101, ppid: 100, pgrp: 100, session: 100, start: '1001' });
    tree.adopt([child], aliveIn(proc));
    // The child and the root end; other programs take their pids, and one of them starts another.
    gone(101);
    const reused = put({ pid: 101, ppid: 1, pgrp: 101, session: 101, start: '2001' });
    gone(100);
    put({ pid: 100, ppid: 1, pgrp: 100, session: 100, start: '2000' });
    const ofTheStranger = put({ pid: 105, ppid: 101, pgrp: 101, session: 100, start: '2005' });
    tree.adopt([ofTheStranger], aliveIn(proc));
    expect(tree.has(ofTheStranger)).toBe(false);
    expect(tree.runningIn([reused, ofTheStranger])).toEqual([]);
  });

  it('forgets the members whose pid is gone, never the root, so a long run keeps room for new ones', () => {
    const { proc, put } = fakeProc();
    const root = put({ pid: 100, ppid: 1, pgrp: 100, session: 100, start: '1000' });
    const tree = new RunTree(root);
    tree.adopt([put({ pid: 101, ppid: 100, pgrp: 100, session: 100, start: '1001' }), put({ pid: 102, ppid: 100, pgrp: 100, session: 100, start: '1002' })], aliveIn(proc));
    tree.forgetMissing(new Set([102]));
    expect(tree.members()).toEqual([{ pid: 100, start: '1000' }, { pid: 102, start: '1002' }]);
  });

  it('counts a zombie as gone: not running, and forgotten by a read of every process', () => {
    const { proc, put } = fakeProc();
    const root = put({ pid: 100, ppid: 1, pgrp: 100, session: 100, start: '1000' });
    const tree = new RunTree(root);
    const zombie = put({ pid: 101, ppid: 100, pgrp: 100, session: 100, start: '1001', state: 'Z' });
    const child = put({ pid: 102, ppid: 100, pgrp: 102, session: 102, start: '1002' });
    tree.adopt([zombie, child], aliveIn(proc));
    expect(tree.runningIn([root, zombie, child]).map((s) => s.pid)).toEqual([100, 102]);
    tree.forgetAbsent([root, zombie, child]);
    expect(tree.members().map((s) => s.pid)).toEqual([100, 102]);
  });
});

describe('stdioSockets', () => {
  it('takes the child’s stdio sockets, never a pipe nor a socket this process holds itself', async () => {
    const { proc, put } = fakeProc();
    put({ pid: 100, ppid: 1, pgrp: 100, session: 100, start: '1000' });
    put({ pid: 200, ppid: 1, pgrp: 200, session: 200, start: '2000' });
    put({ pid: 300, ppid: 1, pgrp: 300, session: 300, start: '3000' });
    const fds = (pid: number | 'self', links: Record<number, string>): void => {
      mkdirSync(join(proc, String(pid), 'fd'), { recursive: true });
      for (const [fd, target] of Object.entries(links)) symlinkSync(target, join(proc, String(pid), 'fd', fd));
    };
    fds('self', { 0: 'socket:[9]', 7: 'socket:[1]' });
    fds(100, { 0: 'socket:[1]', 1: 'socket:[2]', 2: 'pipe:[3]', 5: 'socket:[4]' });
    fds(200, { 0: '/dev/null', 2: 'socket:[2]' });
    fds(300, { 1: 'pipe:[3]', 4: 'socket:[2]' });
    const sockets = await stdioSockets(100, proc);
    expect([...sockets]).toEqual(['socket:[2]']);
    const holds = async (pid: number): Promise<boolean> => (await stdioLinks(pid, proc)).some((link) => link !== undefined && sockets.has(link));
    expect(await holds(200)).toBe(true);
    expect(await holds(300)).toBe(false);
  });
});
