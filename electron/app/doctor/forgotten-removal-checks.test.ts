import { describe, expect, it } from 'vitest';
import { forgottenRemovalChecks } from './forgotten-removal-checks';

describe("doctor's check of pins that forgot removed names", () => {
  it('warns per server, naming what it forgot, since when, and the reset', () => {
    const since = Date.UTC(2026, 0, 2, 3, 4, 5);
    expect(forgottenRemovalChecks([{ server: 'flipping', since, kinds: ['tool', 'prompt'] }])).toEqual([
      {
        id: 'forgotten-removals:flipping',
        title: 'flipping forgot removed tools, prompts',
        status: 'warn',
        detail: 'since 2026-01-02T03:04:05.000Z it removed more than are remembered (500 names, or 16 MiB of definitions): a new one could be a forgotten one back, changed, so its new tools, prompts wait for your review even with pinning.acceptNewTools',
        fix: 'review what waits, then let pinning.acceptNewTools approve its new tools, prompts again: connected-services servers review flipping --reset-forgotten',
      },
    ]);
  });

  it('tells a time no Date holds (a hand-edited pins file) as unknown instead of failing doctor', () => {
    expect(forgottenRemovalChecks([{ server: 'odd', since: 1e20, kinds: ['tool'] }])[0]?.detail).toMatch(/^since an unknown time it removed/);
  });

  it('says nothing when no server forgot any', () => {
    expect(forgottenRemovalChecks([])).toEqual([]);
  });
});
