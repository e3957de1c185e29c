import { describe, expect, it } from 'vitest';
import { SettingsSchema } from './schema';
import { sessionTimings } from './session-settings';

const issue = (settings: object): string | undefined => {
  const parsed = SettingsSchema.safeParse(settings);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
};

describe('the session settings', () => {
  it('take whole numbers within their bounds, a check of 0 (never) or at least a second', () => {
    expect(issue({ sessionCheckMs: 0, sessionCheckTimeoutMs: 100, sessionRenewalsPerMinute: 60 })).toBeUndefined();
    expect(issue({ sessionCheckMs: 1000 })).toBeUndefined();
    expect(issue({ sessionCheckMs: 500 })).toBe('must be 0 (never) or a whole number of ms from 1000 to 86400000');
    expect(issue({ sessionCheckMs: 1500.5 })).toBe('must be 0 (never) or a whole number of ms from 1000 to 86400000');
    expect(issue({ sessionCheckTimeoutMs: 600_001 })).toBe('must be a whole number from 100 to 600000');
    expect(issue({ sessionRenewalsPerMinute: 0 })).toBe('must be a whole number from 1 to 60');
    expect(issue({ sessionRenewalsPerMinute: '5' })).toBe('must be a whole number from 1 to 60');
  });

  it('each is its default unless set', () => {
    expect(sessionTimings(undefined)).toEqual({ checkMs: 60_000, checkTimeoutMs: 10_000, renewalsPerMinute: 5 });
    expect(sessionTimings({ sessionCheckMs: 0, sessionRenewalsPerMinute: 2 })).toEqual({ checkMs: 0, checkTimeoutMs: 10_000, renewalsPerMinute: 2 });
  });
});
