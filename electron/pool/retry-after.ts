/**
 * How long a rate-limited server asks us to wait: the `Retry-After` header (RFC 9110 §10.2.3), or a
 * `retry_after` in seconds in a JSON body or a JSON-RPC error's `data`. Values come from the
 * server, so they are bounded: nothing negative, nothing past a day.
 */

/** The longest wait we pass on; a server asking more is told as a day (an agent re-asks by then). */
export const MAX_RETRY_AFTER_MS = 86_400_000;

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].join('|');
const LONG_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].join('|');
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const MONTH = MONTHS.join('|');
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';

// RFC 9110 §5.6.7: a recipient accepts all three forms of HTTP-date.
/** IMF-fixdate: `Sun, 06 Nov 1994 08:49:37 GMT`. */
const IMF_FIXDATE = new RegExp(`^(?:${DAYS}), (\\d{2}) (${MONTH}) (\\d{4}) ${TIME} GMT$`);
/** Obsolete RFC 850 form: `Sunday, 06-Nov-94 08:49:37 GMT`. */
const RFC850_DATE = new RegExp(`^(?:${LONG_DAYS}), (\\d{2})-(${MONTH})-(\\d{2}) ${TIME} GMT$`);
/** Obsolete asctime form: `Sun Nov  6 08:49:37 1994`. */
const ASCTIME_DATE = new RegExp(`^(?:${DAYS}) (${MONTH}) ([ \\d]\\d) ${TIME} (\\d{4})$`);

function utc(year: number, month: string, day: number, h: string, m: string, s: string): number | undefined {
  const at = Date.UTC(year, MONTHS.indexOf(month), day, Number(h), Number(m), Number(s));
  // Date.UTC rolls 31 Feb over into March: such a date is not one.
  return new Date(at).getUTCDate() === day && Number(h) < 24 && Number(m) < 60 && Number(s) < 61 ? at : undefined;
}

/** An HTTP-date as milliseconds since the epoch; undefined when `text` is not one. */
export function parseHttpDate(text: string, now: number): number | undefined {
  let match = IMF_FIXDATE.exec(text);
  if (match) {
    const [, day = '', month = '', year = '', h = '', m = '', s = ''] = match;
    return utc(Number(year), month, Number(day), h, m, s);
  }
  match = RFC850_DATE.exec(text);
  if (match) {
    const [, day = '', month = '', yy = '', h = '', m = '', s = ''] = match;
    // RFC 9110 §5.6.7: a two-digit year more than 50 years in the future is the most recent past year ending so.
    const thisYear = new Date(now).getUTCFullYear();
    let year = Math.floor(thisYear / 100) * 100 + Number(yy);
    if (year > thisYear + 50) year -= 100;
    return utc(year, month, Number(day), h, m, s);
  }
  match = ASCTIME_DATE.exec(text);
  if (match) {
    const [, month = '', day = '', h = '', m = '', s = '', year = ''] = match;
    return utc(Number(year), month, Number(day.trim()), h, m, s);
  }
  return undefined;
}

/** A wait in milliseconds within 0 … MAX_RETRY_AFTER_MS; undefined for a negative or non-finite one. */
export function boundRetryAfter(ms: number): number | undefined {
  if (!Number.isFinite(ms) || ms < 0) return undefined;
  return Math.min(Math.ceil(ms), MAX_RETRY_AFTER_MS);
}

/**
 * A `Retry-After` value (RFC 9110 §10.2.3: `HTTP-date / delay-seconds`) as a wait from `now`, in ms.
 * A date already past is no wait (0); anything else (a negative or fractional number, words) is none.
 */
export function parseRetryAfterHeader(value: string | null | undefined, now: number): number | undefined {
  const text = value?.trim();
  if (text === undefined || text === '') return undefined;
  // delay-seconds = 1*DIGIT (RFC 9110 §10.2.3).
  if (/^\d+$/.test(text)) return boundRetryAfter(Number(text) * 1000);
  const at = parseHttpDate(text, now);
  return at === undefined ? undefined : boundRetryAfter(Math.max(0, at - now));
}

/** A JSON `retry_after`: a number of seconds (fractions allowed), or a string as the header has it. */
export function retryAfterOfValue(value: unknown, now: number): number | undefined {
  if (typeof value === 'number') return boundRetryAfter(value * 1000);
  if (typeof value === 'string') return parseRetryAfterHeader(value, now);
  return undefined;
}

function field(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)[key] : undefined;
}

/**
 * The `retry_after` of a JSON value: at its top (`{"retry_after": 30}`), in its `error`, or in a
 * JSON-RPC error's `data` (`{"error": {"code": …, "data": {"retry_after": 30}}}`).
 */
export function retryAfterInJson(value: unknown, now: number): number | undefined {
  const error = field(value, 'error');
  for (const holder of [value, field(value, 'data'), error, field(error, 'data')]) {
    const found = retryAfterOfValue(field(holder, 'retry_after'), now);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The wait in words, for a message: `60 s`, `5 min`, `3 h` (rounded up). */
export function formatWait(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  if (seconds < 120) return `${seconds} s`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 120) return `${minutes} min`;
  return `${Math.ceil(minutes / 60)} h`;
}
