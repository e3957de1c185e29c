import { z } from 'zod';

/**
 * How long a web UI tab (`serve`) stays signed in without use (docs/cli.md#serve): bounds and
 * default in ms. Below five minutes a person reading a long page would be signed out; past a day
 * a tab left open on an unattended screen stays the person's power too long.
 */
export const UI_SESSION_IDLE = { min: 5 * 60_000, max: 24 * 60 * 60_000, default: 30 * 60_000 } as const;

const RANGE = `must be a whole number of ms from ${UI_SESSION_IDLE.min} to ${UI_SESSION_IDLE.max} (5 minutes to 24 hours)`;

/** `settings.uiSessionIdleMs`: whole ms within the bounds, refused with a message naming the range. */
export const UiSessionIdleSchema = z.number({ error: RANGE }).int({ error: RANGE }).min(UI_SESSION_IDLE.min, { error: RANGE }).max(UI_SESSION_IDLE.max, { error: RANGE });

/**
 * `settings.uiSessionIdleMs` as a person reads it: whole hours as hours, else minutes, and the
 * seconds left over (a hand-set 330000 is 5 minutes 30 seconds, not "6 minutes").
 */
export function idleTime(idleMs: number): string {
  const totalSeconds = Math.round(idleMs / 1000);
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = totalSeconds % 60;
  if (seconds !== 0) return `${minutes} minutes ${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  if (minutes % 60 !== 0) return `${minutes} minutes`;
  return minutes === 60 ? '1 hour' : `${minutes / 60} hours`;
}
