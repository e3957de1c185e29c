import { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { endRun } from './end-run';
import { signalGroup, type ExecFileLike } from './process-group';

/** A child that has not exited, with a pid and a kill() that only counts. */
function running(pid: number): ChildProcess & { kills: NodeJS.Signals[] } {
  const kills: NodeJS.Signals[] = [];
  const child = Object.assign(new ChildProcess(), { kills });
  Object.defineProperty(child, 'pid', { value: pid });
  child.kill = (signal?: NodeJS.Signals | number): boolean => {
    if (typeof signal === 'string') kills.push(signal);
    return true;
  };
  return child;
}

function exit(child: ChildProcess): void {
  Object.defineProperty(child, 'exitCode', { value: 0 });
}

/** execFile that records each run with the time it was made at. */
function recorder(at: () => number): { execFile: ExecFileLike; runs: { file: string; args: readonly string[]; at: number }[] } {
  const runs: { file: string; args: readonly string[]; at: number }[] = [];
  return {
    runs,
    execFile: (file, args, _options, done) => {
      runs.push({ file, args, at: at() });
      done(null);
    },
  };
}

const env = { SystemRoot: 'C:\\Windows' };
const TASKKILL = 'C:\\Windows\\System32\\taskkill.exe';

describe('signalGroup on Windows', () => {
  it('ends the process tree with taskkill by full path: /T for SIGTERM, /T /F for SIGKILL, only our pid', () => {
    const child = running(4242);
    const { execFile, runs } = recorder(() => 0);
    signalGroup(child, 'SIGTERM', 'win32', { execFile, env });
    signalGroup(child, 'SIGKILL', 'win32', { execFile, env });
    expect(runs).toEqual([
      { file: TASKKILL, args: ['/pid', '4242', '/T'], at: 0 },
      { file: TASKKILL, args: ['/pid', '4242', '/T', '/F'], at: 0 },
    ]);
    expect(child.kills).toEqual([]);
  });

  it('runs nothing for a child that has exited (its pid may be another process now)', () => {
    const child = running(4242);
    exit(child);
    const { execFile, runs } = recorder(() => 0);
    signalGroup(child, 'SIGKILL', 'win32', { execFile, env });
    expect(runs).toEqual([]);
  });
});

describe('endRun on Windows', () => {
  it('runs taskkill /T, then /T /F once the grace has passed with the tree still there', async () => {
    const child = running(77);
    let clock = 0;
    const { execFile, runs } = recorder(() => clock);
    const delay = (ms: number): Promise<void> => {
      clock += ms;
      return Promise.resolve();
    };
    const killed = await endRun(child, undefined, { graceMs: 500, platform: 'win32', daemons: 'end', delay, now: () => clock, treeKill: { execFile, env } });
    expect(killed).toBe(true);
    expect(runs.map((r) => r.args)).toEqual([
      ['/pid', '77', '/T'],
      ['/pid', '77', '/T', '/F'],
    ]);
    expect(runs[0]?.at).toBe(0);
    expect(runs[1]?.at).toBeGreaterThanOrEqual(500);
  });

  it('runs no /F for a tree that ended within the grace', async () => {
    const child = running(78);
    let clock = 0;
    const { execFile, runs } = recorder(() => clock);
    const delay = (ms: number): Promise<void> => {
      clock += ms;
      exit(child);
      return Promise.resolve();
    };
    expect(await endRun(child, undefined, { graceMs: 500, platform: 'win32', daemons: 'end', delay, now: () => clock, treeKill: { execFile, env } })).toBe(false);
    expect(runs.map((r) => r.args)).toEqual([['/pid', '78', '/T']]);
  });

  it("signals the child alone when the run's daemons are kept (a store's program): taskkill /T would end them too", async () => {
    const child = running(79);
    const { execFile, runs } = recorder(() => 0);
    expect(await endRun(child, undefined, { graceMs: 0, platform: 'win32', daemons: 'keep', treeKill: { execFile, env } })).toBe(true);
    expect(runs).toEqual([]);
    expect([...new Set(child.kills)]).toEqual(['SIGKILL']);
  });
});
