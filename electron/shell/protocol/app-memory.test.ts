import { describe, expect, it } from 'vitest';
import { appsOverMemory, createAppMemoryWatch, type FrameProcess, type OverMemory, type ProcessMemory } from './app-memory';

// Electron cannot run here (its binary is not downloadable offline): the policy is tested with the
// frames and metrics webFrameMain and app.getAppMetrics() would give.
const A = 'a'.repeat(43);
const B = 'b'.repeat(43);
const appAt = (id: string): string => `cs-app://apps/app/${id}`;
const MB = 1024; // KiB in a MB, as getAppMetrics counts
const LIMIT = 512 * 1024 * 1024;

describe('the memory bound of open apps (desktop)', () => {
  it('closes an app whose renderer is above the bound, and only that one', () => {
    const frames: FrameProcess[] = [
      { url: 'app://connected-services/index.html', osProcessId: 10 },
      { url: appAt(A), osProcessId: 20 },
      { url: appAt(B), osProcessId: 30 },
    ];
    const metrics: ProcessMemory[] = [
      { pid: 10, workingSetKiB: 900 * MB },
      { pid: 20, workingSetKiB: 700 * MB },
      { pid: 30, workingSetKiB: 100 * MB },
    ];
    const over = appsOverMemory(frames, metrics, { limitBytes: LIMIT, hostPid: 10 });
    expect(over).toEqual([{ appId: A, pid: 20, message: expect.stringContaining('it used 700 MB of memory, more than the 512 MB an app may use') as unknown }]);
    expect(over[0]?.message).toMatch(/^This app was closed: /);
  });

  it('keeps an app at the bound, one whose process it cannot measure, and any frame that is no app', () => {
    const frames: FrameProcess[] = [
      { url: appAt(A), osProcessId: 20 },
      { url: appAt(B), osProcessId: 40 },
      { url: 'https://example.com/', osProcessId: 50 },
      { url: 'cs-app://apps/app/short', osProcessId: 60 },
    ];
    const metrics: ProcessMemory[] = [
      { pid: 20, workingSetKiB: 512 * MB },
      { pid: 50, workingSetKiB: 4000 * MB },
      { pid: 60, workingSetKiB: 4000 * MB },
    ];
    expect(appsOverMemory(frames, metrics, { limitBytes: LIMIT, hostPid: 10 })).toEqual([]);
  });

  it('never judges a frame in the window’s own process (that memory is the window’s)', () => {
    const frames: FrameProcess[] = [{ url: appAt(A), osProcessId: 10 }];
    expect(appsOverMemory(frames, [{ pid: 10, workingSetKiB: 2000 * MB }], { limitBytes: LIMIT, hostPid: 10 })).toEqual([]);
  });

  it('closes together the apps that share a process, saying so', () => {
    const frames: FrameProcess[] = [
      { url: appAt(A), osProcessId: 20 },
      { url: appAt(B), osProcessId: 20 },
    ];
    const over = appsOverMemory(frames, [{ pid: 20, workingSetKiB: 600 * MB }], { limitBytes: LIMIT, hostPid: 10 });
    expect(over.map((o) => o.appId)).toEqual([A, B]);
    expect(over[0]?.message).toContain('the apps open now share one process, which used 600 MB');
  });

  it('the watch closes each app once and ends its process once, however often it looks', () => {
    const stopped: OverMemory[] = [];
    const killed: number[] = [];
    let frames: FrameProcess[] = [
      { url: appAt(A), osProcessId: 20 },
      { url: appAt(B), osProcessId: 20 },
    ];
    let used = 100 * MB;
    const watch = createAppMemoryWatch({
      frames: () => frames,
      hostPid: () => 10,
      metrics: () => [{ pid: 20, workingSetKiB: used }],
      limitMb: 512,
      stop: (o) => stopped.push(o),
      kill: (pid) => killed.push(pid),
    });
    expect(watch.check()).toEqual([]);
    used = 513 * MB;
    expect(watch.check().map((o) => o.appId)).toEqual([A, B]);
    expect(watch.check()).toEqual([]);
    expect(stopped.map((o) => o.appId)).toEqual([A, B]);
    expect(killed).toEqual([20]);
    // A new app in a new process is judged on its own.
    const C = 'c'.repeat(43);
    frames = [{ url: appAt(C), osProcessId: 21 }];
    expect(watch.check()).toEqual([]);
    expect(killed).toEqual([20]);
  });
});
