import { describe, expect, it } from 'vitest';
import { SESSION_SETTINGS, sessionSetting } from '../../../shared/config';
import { checkFields, fieldsOf, rangeText } from './session-settings-model';

const fields = (check: string, timeout: string, renewals: string) => ({ sessionCheckMs: check, sessionCheckTimeoutMs: timeout, sessionRenewalsPerMinute: renewals });

describe('the session settings as the Settings screen types them', () => {
  it('shows the times in seconds and the renewals as a count, a left-out one as an empty field', () => {
    expect(fieldsOf({ sessionCheckMs: 90_000, sessionRenewalsPerMinute: 3 })).toEqual(fields('90', '', '3'));
    expect(fieldsOf({ sessionCheckMs: 0, sessionCheckTimeoutMs: 250 })).toEqual(fields('0', '0.25', ''));
  });

  it('saves whole ms and a whole count, an empty field as null (the default)', () => {
    expect(checkFields(fields('0', '0.1', '1'))).toEqual({ payload: { sessionCheckMs: 0, sessionCheckTimeoutMs: 100, sessionRenewalsPerMinute: 1 }, errors: {} });
    expect(checkFields(fields(' 86400 ', '600', '60'))).toEqual({ payload: { sessionCheckMs: 86_400_000, sessionCheckTimeoutMs: 600_000, sessionRenewalsPerMinute: 60 }, errors: {} });
    expect(checkFields(fields('1', '.5', '')).payload).toEqual({ sessionCheckMs: 1_000, sessionCheckTimeoutMs: 500, sessionRenewalsPerMinute: null });
    expect(checkFields(fields('', '', '')).payload).toEqual({ sessionCheckMs: null, sessionCheckTimeoutMs: null, sessionRenewalsPerMinute: null });
  });

  it('refuses each value the settings file refuses, with the range', () => {
    expect(checkFields(fields('0.5', '0.099', '0')).errors).toEqual({
      sessionCheckMs: 'Enter a number of seconds: 0 (never) or 1 to 86400 seconds, or leave it empty for the default.',
      sessionCheckTimeoutMs: 'Enter a number of seconds: 0.1 to 600 seconds, or leave it empty for the default.',
      sessionRenewalsPerMinute: 'Enter a whole number: 1 to 60, or leave it empty for the default.',
    });
    for (const bad of ['86400.001', '-1', 'abc', '1e3', '1,5', '0x10', 'Infinity', '.']) expect(checkFields(fields(bad, '', '')).errors.sessionCheckMs, bad).toContain('1 to 86400 seconds');
    // Finer than a ms would be rounded to another value than the one typed: 0.0004 s to 0, "never".
    expect(checkFields(fields('0.0004', '10.0001', '')).errors).toMatchObject({ sessionCheckMs: expect.any(String) as unknown, sessionCheckTimeoutMs: expect.any(String) as unknown });
    for (const bad of ['61', '2.5', '5.0', '-3', '+3']) expect(checkFields(fields('', '', bad)).errors.sessionRenewalsPerMinute, bad).toBe('Enter a whole number: 1 to 60, or leave it empty for the default.');
  });

  it('sends only what the settings file\'s schema takes, at each bound', () => {
    for (const [name, { min, max }] of Object.entries(SESSION_SETTINGS) as Array<[keyof typeof SESSION_SETTINGS, { min: number; max: number }]>) {
      const scale = name === 'sessionRenewalsPerMinute' ? 1 : 1000;
      for (const value of [min, max, min - 1, max + 1]) {
        const check = checkFields({ ...fields('', '', ''), [name]: String(value / scale) });
        const accepted = sessionSetting(name).safeParse(value).success;
        expect(check.errors[name] === undefined, `${name} ${value}`).toBe(accepted);
        if (accepted) expect(check.payload[name]).toBe(value);
      }
    }
    expect(rangeText('sessionCheckTimeoutMs')).toBe('0.1 to 600 seconds');
  });
});
