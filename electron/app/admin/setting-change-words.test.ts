import { describe, expect, it } from 'vitest';
import { msWords, settingChangeWords } from './setting-change-words';

describe('settingChangeWords', () => {
  it('names each setting as the Settings screen does, its time in words', () => {
    expect(settingChangeWords({ inputRoundWindowMs: 30_000, inputRoundQuietMs: 250, inputRoundGatherMaxMs: null })).toBe(
      '"Time an agent has to answer" → 30 s, "Wait for more questions" → 250 ms, "Longest time to gather questions" → its default',
    );
    expect(settingChangeWords({ sessionCheckMs: 0, sessionCheckTimeoutMs: 1_500, sessionRenewalsPerMinute: 5 })).toBe(
      '"Check a quiet connection every" → never, "Wait for the check\'s answer" → 1.5 s, "New connections a minute, at most" → 5',
    );
    expect(settingChangeWords({})).toBe('nothing');
  });

  it('says minutes and hours where they are whole', () => {
    expect([999, 1_000, 60_000, 300_000, 90_000, 3_600_000, 7_200_000].map(msWords)).toEqual(['999 ms', '1 s', '1 minute', '5 minutes', '90 s', '1 hour', '2 hours']);
  });
});
