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

/** "in 5 min" / "5 min ago". */
export function relativeTime(at: number, now: number): string {
  return at >= now ? `in ${humanDuration(at - now)}` : `${humanDuration(now - at)} ago`;
}

/** Token expiry as a row shows it. */
export function expiryText(expiresAt: number, now: number): string {
  return expiresAt > now ? `token expires ${relativeTime(expiresAt, now)}` : `token expired ${relativeTime(expiresAt, now)}`;
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
