import { createHash } from 'node:crypto';
import { redact } from '../../shared/redact';
import type { DelayClock } from '../../shared/collections';
import type { AuditEntry } from './audit-entry';
import { AuditWindows } from './audit-windows';

/** Refusals one agent may add to the audit in a window before the rest are counted into one line. */
export const REFUSALS_PER_WINDOW = 20;
/** An unresolved name or URI is kept up to this many characters, then a digest stands for the rest. */
export const REFUSED_NAME_CHARS = 256;

/**
 * What an agent asked for that named nothing (no server found it): cut, with a digest of the whole, so
 * that a refused 8 KiB URI costs the audit a few hundred bytes and two such names still tell apart.
 */
export function shortRefusedName(name: string): string {
  if (name.length <= REFUSED_NAME_CHARS) return name;
  const digest = createHash('sha256').update(name).digest('hex').slice(0, 16);
  return `${name.slice(0, REFUSED_NAME_CHARS - 32)}… (${name.length} characters, sha256 ${digest})`;
}

/**
 * Refusals an agent causes alone (no server ran, nobody was asked) are cheap to cause: without a
 * bound, an agent could rotate its own earlier calls out of the audit by sending refused requests.
 * Per agent and window, the first REFUSALS_PER_WINDOW are written; the rest become one line with
 * `repeated` (how many it stands for) and without the first's arguments and result (audit-windows.ts).
 */
export function refusalWindows(write: (entry: AuditEntry) => void, clock?: DelayClock): AuditWindows {
  return new AuditWindows({
    limit: REFUSALS_PER_WINDOW,
    write,
    summary: ({ arguments: _args, result: _result, ...kept }, counted) => ({ ...kept, repeated: counted }),
    ...(clock !== undefined ? { clock } : {}),
  });
}

/** How many requests naming the bridge by `localhost`/`[::1]` are written one by one in a window; the rest are counted. */
export const MISNAMED_PER_WINDOW = 1;

/**
 * A request refused for naming the bridge `localhost` or `[::1]` (http-guard.ts: its Host, or the Origin
 * of a page served at that name and port), before its token was read: no agent named, the token
 * nowhere. A misconfigured client retries at its own pace, so per window one entry is written and the
 * rest are counted into one (MISNAMED_PER_WINDOW).
 */
export function misnamedEntry(value: string, time: number, header: 'Host' | 'Origin' = 'Host'): AuditEntry {
  return { time, agent: '', server: '', kind: 'request', tool: redact(`${header}: ${shortRefusedName(value)}`), durationMs: 0, outcome: 'denied', errorCode: 'denied' };
}
