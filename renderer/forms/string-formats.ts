/**
 * The string formats an elicitation's form may ask for (MCP 2025-11-25 §elicitation, "Supported
 * schema types": email, uri, date, date-time), checked here so a typo is caught on the field
 * instead of the service refusing the whole answer. Other formats are annotations: not checked.
 */

// A local part and a dotted domain with a letter top level: what a person types as an address.
const EMAIL = /^[^\s@"(),:;<>[\\\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;
// RFC 3986 §3.1: an absolute URI begins with a scheme.
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
// RFC 3339 §5.6 full-date and date-time.
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

function realDate(year: string, month: string, day: string): boolean {
  const y = Number(year);
  const m = Number(month);
  const d = Number(day);
  if (m < 1 || m > 12 || d < 1) return false;
  const days = [31, y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1] ?? 0;
  return d <= days;
}

function isUri(text: string): boolean {
  if (!SCHEME.test(text) || /\s/.test(text)) return false;
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

const CHECKS: Record<string, { ok: (text: string) => boolean; say: string }> = {
  email: { ok: (t) => t.length <= 254 && EMAIL.test(t), say: 'Enter an email address, like name@example.com.' },
  uri: { ok: isUri, say: 'Enter a full address with its scheme, like https://example.com/page.' },
  date: {
    ok: (t) => {
      const m = DATE.exec(t);
      return m !== null && realDate(m[1] ?? '', m[2] ?? '', m[3] ?? '');
    },
    say: 'Enter a date as YYYY-MM-DD, like 2026-12-31.',
  },
  'date-time': {
    ok: (t) => {
      const m = DATE_TIME.exec(t);
      return m !== null && realDate(m[1] ?? '', m[2] ?? '', m[3] ?? '') && Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 61 && Number(m[7] ?? 0) < 24 && Number(m[8] ?? 0) < 60;
    },
    say: 'Enter a date and time, like 2026-12-31T09:30:00Z.',
  },
};

/** What to tell the person when `text` is not in `format`; undefined when it is, or the format is not checked. */
export function formatProblem(format: unknown, text: string): string | undefined {
  if (typeof format !== 'string' || !Object.hasOwn(CHECKS, format)) return undefined;
  const check = CHECKS[format];
  return check && !check.ok(text) ? check.say : undefined;
}
