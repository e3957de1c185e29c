import { describe, expect, it } from 'vitest';
import { INPUT_ROUND_SETTINGS } from '../../shared/config';
import { DEFAULT_GATHER_QUIET_MS, DEFAULT_ROUND_WINDOW_MS, GATHER_MAX_LIMIT_MS, GATHER_QUIET_LIMIT_MS, MAX_GATHER_MS } from './round-gathering';

// The Settings screen shows INPUT_ROUND_SETTINGS' defaults and bounds: they must be the ones the bridge applies.
describe('the round settings shown are the bridge\'s', () => {
  it('has the bridge\'s defaults and clamps', () => {
    expect(INPUT_ROUND_SETTINGS.inputRoundWindowMs.default).toBe(DEFAULT_ROUND_WINDOW_MS);
    expect(INPUT_ROUND_SETTINGS.inputRoundQuietMs).toMatchObject({ default: DEFAULT_GATHER_QUIET_MS, max: GATHER_QUIET_LIMIT_MS });
    expect(INPUT_ROUND_SETTINGS.inputRoundGatherMaxMs).toMatchObject({ default: MAX_GATHER_MS, max: GATHER_MAX_LIMIT_MS });
  });
});
