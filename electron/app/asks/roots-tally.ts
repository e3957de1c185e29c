import type { AuditEntry } from '../../../shared/api';
import type { CallAsker } from '../../pool';

/** A call's roots entry as the first roots/list made it, without its count. */
export type RootsEntry = Omit<AuditEntry, 'requests'>;

interface Tally {
  entry: RootsEntry;
  requests: number;
}

/**
 * roots/list during an agent's call, one audit entry per (call, server): a server that may loop on
 * an answer given at once cannot rotate the audit's history away. The first request's entry is kept,
 * the rest counted into it (`requests`); it is written when the call ends, as its last request is
 * answered. A request whose call's end cannot be heard (none known, or it already ended) is written
 * at once, as its own entry.
 */
export class RootsTally {
  // Keyed by the call's asker (one per call) so a call's tallies go with it.
  readonly #calls = new WeakMap<CallAsker, Map<string, Tally>>();
  readonly #write: (entry: AuditEntry) => void;

  constructor(write: (entry: AuditEntry) => void) {
    this.#write = write;
  }

  /** One roots/list of `asker`'s call, answered as `entry` says. */
  count(asker: CallAsker, ended: AbortSignal | undefined, entry: RootsEntry): void {
    if (ended === undefined || ended.aborted) {
      this.#write({ ...entry, requests: 1 });
      return;
    }
    let servers = this.#calls.get(asker);
    if (servers === undefined) {
      servers = new Map();
      this.#calls.set(asker, servers);
    }
    const tally = servers.get(entry.server);
    if (tally !== undefined) {
      tally.requests += 1;
      // A vault value in any answer is what the person must see.
      if (tally.entry.warning === undefined && entry.warning !== undefined) tally.entry = { ...tally.entry, warning: entry.warning };
      return;
    }
    const started: Tally = { entry, requests: 1 };
    servers.set(entry.server, started);
    ended.addEventListener('abort', () => {
      servers.delete(entry.server);
      if (servers.size === 0) this.#calls.delete(asker);
      this.#write({ ...started.entry, requests: started.requests });
    }, { once: true });
  }
}
