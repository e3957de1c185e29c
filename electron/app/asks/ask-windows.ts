import type { AuditEntry } from '../../../shared/api';
import type { DelayClock } from '../../../shared/collections';
import { AuditWindows, type CountedWindows } from '../../bridge';
import type { AskRouter } from '../../pool';

/** Entries of one (call, server, kind) a minute written one by one; the rest are counted into one. */
export const ASK_ENTRIES_PER_WINDOW = 20;

/**
 * A server's requests cost it nothing to send and each would be an audit entry: without a bound, one
 * server could rotate every agent's history out of the size-bounded audit. Per scope (a call's asker,
 * or one for requests outside any call), server and kind, the first `limit` a minute are written; the
 * rest become one entry with `requests` (how many it stands for; audit-windows.ts).
 */
export function askWindows(write: (entry: AuditEntry) => void, clock?: DelayClock): AuditWindows {
  return new AuditWindows({
    limit: ASK_ENTRIES_PER_WINDOW,
    write,
    summary: (first, counted) => ({ ...first, requests: counted }),
    weight: (entry) => entry.requests ?? 1,
    ...(clock !== undefined ? { clock } : {}),
  });
}

/** The window of `entry`'s server and kind. */
export const askWindowKey = (entry: AuditEntry): string => `${entry.server}\0${entry.kind}`;

/** The router with its audit windows: the audit writes their counts when it closes (AuditLog.endAtClose). */
export interface AuditedAskRouter extends AskRouter {
  readonly windows: CountedWindows;
}
