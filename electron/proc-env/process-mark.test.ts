import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { markProcess, processLiveness, stillRunning } from './process-mark';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A /proc with one process of the given state and start (and this process, so /proc is known to work). */
function fakeProc(pid: number, state: string, start: string): string {
  const proc = mkdtempSync(join(tmpdir(), 'cs-proc-'));
  folders.push(proc);
  const line = (p: number, s: string, t: string): string => `${p} (node) ${s} 1 ${p} ${p} 0 -1 0 0 0 0 0 0 0 0 0 20 0 1 0 ${t} 0 0`;
  for (const [p, s, t] of [[pid, state, start], [process.pid, 'S', '1']] as const) {
    mkdirSync(join(proc, String(p)), { recursive: true });
    writeFileSync(join(proc, String(p), 'stat'), line(p, s, t));
  }
  return proc;
}

describe('markProcess / stillRunning', () => {
  it('marks a running process with its start and knows it while it runs', () => {
    const proc = fakeProc(4242, 'S', '777');
    const mark = markProcess(4242, proc);
    expect(mark).toEqual({ pid: 4242, start: '777' });
    expect(stillRunning({ pid: 4242, start: '777' }, proc)).toBe(true);
  });

  it('takes a reused pid (a later start) for a process gone', () => {
    const proc = fakeProc(4242, 'S', '900');
    expect(stillRunning({ pid: 4242, start: '777' }, proc)).toBe(false);
  });

  it('takes a zombie, a missing pid and a nonsense pid for gone', () => {
    const proc = fakeProc(4242, 'Z', '777');
    expect(markProcess(4242, proc)).toBeUndefined();
    expect(markProcess(4243, proc)).toBeUndefined();
    expect(markProcess(-1, proc)).toBeUndefined();
    expect(markProcess(1.5, proc)).toBeUndefined();
  });

  it('sees a real child end', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    const mark = markProcess(child.pid ?? 0);
    expect(mark?.start).toMatch(/^\d+$/);
    expect(stillRunning(mark ?? { pid: 0 })).toBe(true);
    await new Promise<void>((resolve) => {
      child.on('exit', () => resolve());
      child.kill('SIGKILL');
    });
    expect(stillRunning(mark ?? { pid: 0 })).toBe(false);
  });

  it('processLiveness says gone only when it is sure, unknown when the stat cannot be read now', () => {
    const proc = fakeProc(4242, 'S', '777');
    expect(processLiveness({ pid: 4242, start: '777' }, proc)).toBe('running');
    expect(processLiveness({ pid: 4242, start: '700' }, proc)).toBe('gone');
    expect(processLiveness({ pid: 4243, start: '777' }, proc)).toBe('gone');
    expect(processLiveness({ pid: -1 }, proc)).toBe('gone');
    expect(processLiveness({ pid: 4242, start: '777' }, fakeProc(4242, 'Z', '777'))).toBe('gone');
    // A stat that cannot be read (here a folder: EISDIR; under load EMFILE) is no answer.
    const unreadable = fakeProc(4244, 'S', '777');
    rmSync(join(unreadable, '4244', 'stat'));
    mkdirSync(join(unreadable, '4244', 'stat'));
    expect(processLiveness({ pid: 4244, start: '777' }, unreadable)).toBe('unknown');
  });

  it('stillRunning never takes an entry it cannot read now for a process gone', () => {
    const unreadable = fakeProc(4244, 'S', '777');
    rmSync(join(unreadable, '4244', 'stat'));
    mkdirSync(join(unreadable, '4244', 'stat'));
    expect(stillRunning({ pid: 4244, start: '777' }, unreadable)).toBe(true);
    // A missing entry under a working /proc still is one.
    expect(stillRunning({ pid: 4245, start: '777' }, unreadable)).toBe(false);
  });
});
