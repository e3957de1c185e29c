/** RFC 8628 §3.2: without `interval`, the client waits 5 seconds between polls. */
export const DEFAULT_POLL_MS = 5_000;
/** Never faster than this, whatever the authorization server says (it may say 0.001). */
export const MIN_POLL_MS = 1_000;
/** Never slower either: a huge interval (or many slow_down answers) would wait past any code's life. */
export const MAX_POLL_MS = 60_000;
/** RFC 8628 §3.5: each slow_down adds 5 seconds, for this and every later poll. */
export const SLOW_DOWN_MS = 5_000;
/** A device code lives at most this long here, whatever `expires_in` says: no sign-in waits longer. */
export const MAX_DEVICE_CODE_MS = 30 * 60_000;

const clamp = (value: number, low: number, high: number): number => Math.min(high, Math.max(low, value));

/** The wait before the first poll, from the device authorization response's `interval` (seconds). */
export function firstPollInterval(interval: number | undefined): number {
  if (interval === undefined || !Number.isFinite(interval)) return DEFAULT_POLL_MS;
  return clamp(Math.round(interval * 1000), MIN_POLL_MS, MAX_POLL_MS);
}

/** The wait after a slow_down answer (RFC 8628 §3.5). */
export function slowerPollInterval(current: number): number {
  return clamp(current + SLOW_DOWN_MS, MIN_POLL_MS, MAX_POLL_MS);
}

/** How long the device code is polled for, from `expires_in` (seconds). */
export function deviceCodeLifetime(expiresIn: number): number {
  if (!Number.isFinite(expiresIn) || expiresIn <= 0) return MAX_DEVICE_CODE_MS;
  return Math.min(expiresIn * 1000, MAX_DEVICE_CODE_MS);
}
