import { z } from 'zod';

/**
 * The settings of a 2025-11-25 HTTP session kept alive (docs/configuration.md, "An HTTP session that
 * expires"): their bounds, defaults and names as a person reads them, one place for the settings file's schema and the pool
 * (electron/pool/session-check.ts, slot-session-renewal.ts).
 */
export const SESSION_SETTINGS = {
  /** How often a quiet session with its GET stream open is asked (`ping`) whether the server still knows it; 0 = never. */
  sessionCheckMs: { min: 0, max: 86_400_000, default: 60_000, label: 'Check a quiet connection every' },
  /** How long that `ping` waits for its answer. */
  sessionCheckTimeoutMs: { min: 100, max: 600_000, default: 10_000, label: "Wait for the check's answer" },
  /** How many new sessions the GET stream or the check may start for one server within a minute. */
  sessionRenewalsPerMinute: { min: 1, max: 60, default: 5, label: 'New connections a minute, at most' },
} as const;

export type SessionSetting = keyof typeof SESSION_SETTINGS;
export const SESSION_SETTING_NAMES = Object.keys(SESSION_SETTINGS) as SessionSetting[];
/** A check more often than this would be a flood of pings, not a check; 0 turns it off. */
const MIN_CHECK_MS = 1_000;

/** One setting's schema: a whole number within its bounds, the message naming the range. */
export function sessionSetting(name: SessionSetting) {
  const { min, max } = SESSION_SETTINGS[name];
  const range = name === 'sessionCheckMs' ? `must be 0 (never) or a whole number of ms from ${MIN_CHECK_MS} to ${max}` : `must be a whole number from ${min} to ${max}`;
  const schema = z.number({ error: range }).int({ error: range }).min(min, { error: range }).max(max, { error: range });
  return name === 'sessionCheckMs' ? schema.refine((ms) => ms === 0 || ms >= MIN_CHECK_MS, { error: range }) : schema;
}

export interface SessionTimings {
  checkMs: number;
  checkTimeoutMs: number;
  renewalsPerMinute: number;
}

/** The timings in force: each setting as set, else its default. */
export function sessionTimings(settings: { [K in SessionSetting]?: number | undefined } | undefined): SessionTimings {
  return {
    checkMs: settings?.sessionCheckMs ?? SESSION_SETTINGS.sessionCheckMs.default,
    checkTimeoutMs: settings?.sessionCheckTimeoutMs ?? SESSION_SETTINGS.sessionCheckTimeoutMs.default,
    renewalsPerMinute: settings?.sessionRenewalsPerMinute ?? SESSION_SETTINGS.sessionRenewalsPerMinute.default,
  };
}
