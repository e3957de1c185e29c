import { afterEach, describe, expect, it, vi } from 'vitest';

// Electron's main-process API, as far as the watch reads it: metrics that cannot be read.
vi.mock('electron', () => ({
  app: {
    getAppMetrics: () => {
      throw new TypeError('getAppMetrics is not available');
    },
  },
}));

const { watchAppMemory } = await import('./watch-app-memory');

afterEach(() => {
  vi.useRealTimers();
});

describe('watchAppMemory', () => {
  it('stops watching, once said, when a look fails, instead of ending the app from its timer', () => {
    vi.useFakeTimers();
    const lines: string[] = [];
    const stopped: unknown[] = [];
    const window = { contents: undefined } as unknown as Parameters<typeof watchAppMemory>[0]['window'];
    const apps = { stop: (what: unknown) => stopped.push(what) } as unknown as Parameters<typeof watchAppMemory>[0]['apps'];
    const undo = watchAppMemory({ window, apps, limitMb: 512, log: (line) => lines.push(line) });
    expect(() => vi.advanceTimersByTime(5_000)).not.toThrow();
    expect(lines).toEqual(["the open apps' memory is no longer watched: getAppMetrics is not available"]);
    vi.advanceTimersByTime(60_000);
    expect(lines).toHaveLength(1);
    expect(stopped).toEqual([]);
    undo();
  });
});
