import type { AuditEntry } from '../../../shared/api';
import type { CallAsker } from '../../pool';

/** A call's roots entry as one roots/list made it, without its count. */
export type RootsEntry = Omit<AuditEntry, 'requests'>;

interface Tally {
  /** A vault value was in an answer already written: the person has been told. */
  warned: boolean;
  /** The requests after the first, counted into one entry (the first of them's answer shown). */
  rest: { entry: RootsEntry; requests: number } | undefined;
}

/**
 * roots/list during an agent's call, at most two audit entries per (call, server) so a server that
 * may loop on an answer given at once cannot rotate the audit's history away. The first request's
 * entry is written at once, so the app stopping or crashing mid-call loses none; the rest are counted
 * into one entry (`requests`) written when the call ends. The first answer holding a vault value is
 * written at once too: the person must see it even if the app dies before the call ends. A request
 * whose call's end cannot be heard (none known, or it already ended: a server still asking for a call
 * that is over) goes to `late`.
 */
export class RootsTally {
  // Keyed by the call's asker (one per call) so a call's tallies go with it.
  readonly #calls = new WeakMap<CallAsker, Map<string, Tally>>();
  readonly #write: (entry: AuditEntry) => void;

  readonly #late: (asker: CallAsker, entry: AuditEntry) => void;

  /** `late`: a request whose call's end cannot be heard (counted per minute by the caller: ask-windows.ts). */
  constructor(write: (entry: AuditEntry) => void, late?: (asker: CallAsker, entry: AuditEntry) => void) {
    this.#write = write;
    this.#late = late ?? ((_asker, entry) => write(entry));
  }

  /** One roots/list of `asker`'s call, answered as `entry` says. */
  count(asker: CallAsker, ended: AbortSignal | undefined, entry: RootsEntry): void {
    if (ended === undefined || ended.aborted) {
      this.#late(asker, { ...entry, requests: 1 });
      return;
    }
    let servers = this.#calls.get(asker);
    if (servers === undefined) {
      servers = new Map();
      this.#calls.set(asker, servers);
    }
    const tally = servers.get(entry.server);
    if (tally === undefined) {
      this.#write({ ...entry, requests: 1 });
      const started: Tally = { warned: entry.warning !== undefined, rest: undefined };
      servers.set(entry.server, started);
      ended.addEventListener('abort', () => {
        servers.delete(entry.server);
        if (servers.size === 0) this.#calls.delete(asker);
        if (started.rest !== undefined) this.#write({ ...started.rest.entry, requests: started.rest.requests });
      }, { once: true });
      return;
    }
    if (!tally.warned && entry.warning !== undefined) {
      tally.warned = true;
      this.#write({ ...entry, requests: 1 });
      return;
    }
    if (tally.rest === undefined) {
      tally.rest = { entry, requests: 1 };
      return;
    }
    tally.rest.requests += 1;
    // A vault value in any of the rest's answers shows on their entry.
    if (tally.rest.entry.warning === undefined && entry.warning !== undefined) tally.rest.entry = { ...tally.rest.entry, warning: entry.warning };
  }
}
