import { describe, expect, it } from 'vitest';
import { DEFAULT_GATHER_QUIET_MS, DEFAULT_ROUND_WINDOW_MS, GATHER_MAX_LIMIT_MS, GATHER_QUIET_LIMIT_MS, MAX_GATHER_MS, gatherTimes, retryWindow } from './round-gathering';

describe('retryWindow: how long an agent has to retry after input_required', () => {
  it('the default when none is given, a fixed number as given', () => {
    expect(retryWindow(undefined)()).toBe(DEFAULT_ROUND_WINDOW_MS);
    expect(retryWindow(1_500)()).toBe(1_500);
  });

  it('a setting is read at each round: a change applies without a restart, and its removal brings back the default', () => {
    let setting: number | undefined = 2_000;
    const window = retryWindow(() => setting);
    expect(window()).toBe(2_000);
    setting = 9_000;
    expect(window()).toBe(9_000);
    setting = undefined;
    expect(window()).toBe(DEFAULT_ROUND_WINDOW_MS);
  });
});

describe("gatherTimes: how a round gathers a 2025-era server's requests", () => {
  it('the defaults when nothing is set; a fixed quiet (unit tests) wins over the setting', () => {
    expect(gatherTimes(undefined)()).toEqual({ quietMs: DEFAULT_GATHER_QUIET_MS, maxMs: MAX_GATHER_MS });
    expect(gatherTimes(() => undefined)()).toEqual({ quietMs: DEFAULT_GATHER_QUIET_MS, maxMs: MAX_GATHER_MS });
    expect(gatherTimes(() => ({ quietMs: 40 }), 7)()).toEqual({ quietMs: 7, maxMs: MAX_GATHER_MS });
  });

  it('read at each round: a change applies at once, its removal brings back the defaults', () => {
    let setting: { quietMs?: number; maxMs?: number } | undefined = { quietMs: 0, maxMs: 500 };
    const times = gatherTimes(() => setting);
    expect(times()).toEqual({ quietMs: 0, maxMs: 500 });
    setting = { quietMs: 20 };
    expect(times()).toEqual({ quietMs: 20, maxMs: MAX_GATHER_MS });
    setting = undefined;
    expect(times()).toEqual({ quietMs: DEFAULT_GATHER_QUIET_MS, maxMs: MAX_GATHER_MS });
  });

  it('clamped to the settings\' bounds, the bound never below the quiet', () => {
    expect(gatherTimes(() => ({ quietMs: -5, maxMs: 10 ** 9 }))()).toEqual({ quietMs: 0, maxMs: GATHER_MAX_LIMIT_MS });
    expect(gatherTimes(() => ({ quietMs: 10 ** 9 }))()).toEqual({ quietMs: GATHER_QUIET_LIMIT_MS, maxMs: GATHER_QUIET_LIMIT_MS });
    expect(gatherTimes(() => ({ quietMs: 3_000, maxMs: 100 }))()).toEqual({ quietMs: 3_000, maxMs: 3_000 });
  });
});
