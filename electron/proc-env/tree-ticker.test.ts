import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProcStat } from './proc-stat';
import { RunTree } from './run-tree';
import { TreeTicker } from './tree-ticker';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

// Past the kernel's pid_max: no process of this machine has these pids.
const P = 4_300_000;

/** A stand-in /proc of stat files. */
function fakeProc(): { proc: string; put: (pid: number, ppid: number) => ProcStat } {
  const proc = mkdtempSync(join(tmpdir(), 'fake-proc-'));
  dirs.push(proc);
  return {
    proc,
    put: (pid, ppid) => {
      const start = String(pid - P + 1000);
      const rest = Array.from({ length: 30 }, (_, i) => (i === 19 ? start : '0'));
      rest.splice(0, 4, 'S', String(ppid), String(pid), String(pid));
      mkdirSync(join(proc, String(pid)));
      writeFileSync(join(proc, String(pid), 'stat'), `${pid} (x) ${rest.join(' ')}\n`);
      return { pid, ppid, pgrp: pid, session: pid, start, state: 'S' };
    },
  };
}

/** A ticker whose looks are armed by the test: `armed` holds each look it asked for. */
function manualTicker(proc: string, maxStats?: number) {
  const armed: (() => void)[] = [];
  const waits: number[] = [];
  const clock = { now: 0 };
  const ticker = new TreeTicker({
    proc,
    everyMs: 500,
    ...(maxStats !== undefined ? { maxStats } : {}),
    now: () => clock.now,
    schedule: (look, ms) => {
      armed.push(look);
      waits.push(ms);
      return () => armed.splice(armed.indexOf(look), 1);
    },
  });
  return { ticker, armed, waits, clock };
}

describe('TreeTicker', () => {
  it('arms the next look only once the last one is over: a look under way is never doubled', async () => {
    const { proc, put } = fakeProc();
    const tree = new RunTree(put(P, 1));
    const { ticker, armed } = manualTicker(proc);
    const unwatch = ticker.watch(tree);
    expect(armed).toHaveLength(1);
    put(P + 1, P);
    armed.shift()?.();
    const underWay = ticker.look();
    // Another tree watched meanwhile arms nothing either.
    const other = ticker.watch(new RunTree(put(P + 9, 1)));
    expect(armed).toHaveLength(0);
    expect(ticker.look()).toBe(underWay);
    await underWay;
    expect(armed).toHaveLength(1);
    expect(tree.members().map((m) => m.pid)).toEqual([P, P + 1]);
    other();
    unwatch();
    expect(armed).toHaveLength(0);
  });

  it('keeps the looks everyMs apart from start to start, the next at once after one that took longer', async () => {
    const { proc, put } = fakeProc();
    const { ticker, waits, clock, armed } = manualTicker(proc);
    const unwatch = ticker.watch(new RunTree(put(P, 1)));
    armed.shift()?.();
    clock.now = 200;
    await ticker.look();
    clock.now = 500;
    armed.shift()?.();
    clock.now = 1200;
    await ticker.look();
    expect(waits).toEqual([500, 300, 0]);
    unwatch();
  });

  it('reads at most maxStats new stats a look; the rest are read by the next looks, none lost', async () => {
    const { proc, put } = fakeProc();
    const tree = new RunTree(put(P, 1));
    for (let i = 1; i <= 10; i++) put(P + i, P);
    const { ticker } = manualTicker(proc, 4);
    const unwatch = ticker.watch(tree);
    await ticker.look();
    // Of the 11 pids listed, 4 were read: the root and 3 children at least.
    expect(tree.size).toBeGreaterThanOrEqual(4);
    expect(tree.size).toBeLessThanOrEqual(5);
    await ticker.look();
    expect(tree.size).toBeLessThanOrEqual(9);
    await ticker.look();
    expect(tree.size).toBe(11);
    unwatch();
  });

  it('links a chain started between two looks in one look (a level of descent per pass)', async () => {
    const { proc, put } = fakeProc();
    const tree = new RunTree(put(P, 1));
    const { ticker } = manualTicker(proc);
    const unwatch = ticker.watch(tree);
    await ticker.look();
    put(P + 3, P + 2);
    put(P + 2, P + 1);
    put(P + 1, P);
    put(P + 4, 1);
    await ticker.look();
    expect(tree.members().map((m) => m.pid).sort()).toEqual([P, P + 1, P + 2, P + 3]);
    unwatch();
  });
});
