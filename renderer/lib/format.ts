const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "3 min", "2 h 5 min", "4 days": a calm, approximate duration. */
export function humanDuration(ms: number): string {
  const abs = Math.abs(ms);
  if (abs < MINUTE) return `${Math.max(1, Math.round(abs / 1000))} s`;
  if (abs < HOUR) return `${Math.round(abs / MINUTE)} min`;
  if (abs < DAY) {
    const hours = Math.floor(abs / HOUR);
    const minutes = Math.round((abs - hours * HOUR) / MINUTE);
    return minutes === 0 || hours >= 6 ? `${hours} h` : `${hours} h ${minutes} min`;
  }
  const days = Math.round(abs / DAY);
  return `${days} day${days === 1 ? '' : 's'}`;
}

const SECOND = 1000;

/** Whole seconds under a minute (they tick), calm rounding above. */
function elapsed(ms: number): string {
  return ms < MINUTE ? `${Math.floor(ms / SECOND)} s` : humanDuration(ms);
}

/**
 * "12 s ago" for something that has happened. The core stamps times with its own clock and the page
 * refreshes its own only now and then, so a time a little ahead of `now` is clock skew, not the
 * future: it reads "just now", never "in N s".
 */
export function timeAgo(at: number, now: number): string {
  const ms = now - at;
  return ms < SECOND ? 'just now' : `${elapsed(ms)} ago`;
}

/** "in 5 min" for something still to come; a time already reached reads "now". */
export function timeUntil(at: number, now: number): string {
  const ms = at - now;
  return ms < SECOND ? 'now' : `in ${ms < MINUTE ? `${Math.ceil(ms / SECOND)} s` : humanDuration(ms)}`;
}

/** "in 5 min" / "5 min ago", for a time that may lie on either side of now. */
export function relativeTime(at: number, now: number): string {
  return at > now ? timeUntil(at, now) : timeAgo(at, now);
}

/**
 * How often a relative time of `at` must be redrawn to stay true: every second under a minute
 * (it shows seconds), then as often as its rounding can change.
 */
export function refreshEvery(at: number, now: number): number {
  const ms = Math.abs(now - at);
  if (ms < MINUTE) return SECOND;
  if (ms < HOUR) return 15 * SECOND;
  return MINUTE;
}

/**
 * Token expiry as a row shows it. An access token that ran out while a refresh token is held is not
 * a sign-in that ended: the next call renews it (RFC 6749 §6), so that is what is said.
 */
export function expiryText(expiresAt: number, now: number, refreshable = false): string {
  if (expiresAt > now) return `token expires ${timeUntil(expiresAt, now)}`;
  return refreshable ? 'token renews on next use' : `token expired ${timeAgo(expiresAt, now)}`;
}

/** mm:ss for a countdown; never negative. */
export function clockText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, '0')}`;
}

/** A local date-time, to the second. */
export function timestamp(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
