import { describe, expect, it } from 'vitest';
import { SettingsSchema } from './schema';
import { UI_SESSION_IDLE } from './ui-session-idle';

const issue = (settings: unknown): string | undefined => {
  const parsed = SettingsSchema.safeParse(settings);
  return parsed.success ? undefined : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
};

describe('settings.uiSessionIdleMs', () => {
  it('takes whole ms from five minutes to a day, and defaults to thirty minutes', () => {
    for (const ms of [300_000, 1_800_000, 3_600_000, 86_400_000]) expect(issue({ uiSessionIdleMs: ms })).toBeUndefined();
    expect(issue({})).toBeUndefined();
    expect(UI_SESSION_IDLE.default).toBe(30 * 60_000);
  });

  it('refuses a value out of bounds, fractional or not a number, naming the range', () => {
    const range = 'uiSessionIdleMs: must be a whole number of ms from 300000 to 86400000 (5 minutes to 24 hours)';
    for (const bad of [299_999, 86_400_001, 0, -1, 600_000.5, '1800000', null]) expect([bad, issue({ uiSessionIdleMs: bad })]).toEqual([bad, range]);
  });
});
