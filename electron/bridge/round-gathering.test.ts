import { describe, expect, it } from 'vitest';
import { DEFAULT_ROUND_WINDOW_MS, retryWindow } from './round-gathering';

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
