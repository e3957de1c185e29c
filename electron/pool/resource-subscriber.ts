import type { Client, McpSubscription, SubscriptionFilter } from '@modelcontextprotocol/client';
import { redact } from '../../shared/redact';
import { CodedError, errorMessage } from '../../shared/errors';
import { clientSdkIfLoaded } from './client-sdk';
import { ListenUnacknowledged } from './listen-unacknowledged';
import { ListenAbandoned, ListenWaits, reasonOf, type After, type WaitOptions } from './listen-waits';

/** The list changes the pool follows on every server (MCP 2026-07-28 §Subscriptions). */
const LIST_CHANGES: SubscriptionFilter = { toolsListChanged: true, promptsListChanged: true, resourcesListChanged: true };

/** At most this many distinct resources followed on one 2026-07-28 server: each is named in every re-opened filter. */
export const MAX_SUBSCRIBED_URIS_PER_SERVER = 1024;
/** Changes to the filter wait while more keep coming, for at most this many turns of the event loop. */
const MAX_QUIET_TURNS = 32;

/** How long a `subscriptions/listen` waits for its acknowledgement by default: a side channel never holds a start for long. */
export const LISTEN_ACK_MS = 10_000;

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A stream the server ended is opened again after these waits, one per try; then only at the next start. */
export const REOPEN_DELAYS_MS: readonly number[] = [1_000, 5_000, 30_000];
/** A stream that stayed open this long was healthy: its end starts the waits over. */
const HEALTHY_MS = 60_000;

export interface SubscriberClock {
  now: () => number;
  after: After;
}

const realClock: SubscriberClock = {
  now: Date.now,
  after: (ms, run) => {
    const timer = setTimeout(run, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};

/**
 * A connection's resource subscriptions and list changes in its era. 2025: `resources/subscribe`
 * per URI, list changes unsolicited. 2026-07-28: one `subscriptions/listen` stream whose filter
 * names the list changes and every subscribed URI, opened again when the set changes. Changes that
 * come together (an agent's listen naming 256 URIs) re-open it once, not once each: the filter
 * re-sent per URI made one request cost the square of its URIs upstream.
 */
export class ResourceSubscriber {
  readonly #client: Client;
  readonly #log: (line: string) => void;
  /** URI → how many subscriptions of the bridge hold it (one agent's unsubscribe leaves another's). */
  readonly #uris = new Map<string, number>();
  #stream: McpSubscription | undefined;
  /** The URIs the open stream's filter names: one no longer held is dropped even if no call waits. */
  #listening: ReadonlySet<string> = new Set();
  #closed = false;
  /** The re-open under way or waiting; every change made before it ends is in its filter. */
  #sync: Promise<void> | undefined;
  #dirty = false;
  #changes = 0;
  readonly #clock: SubscriberClock;
  readonly #ackMs: number;
  /** Tries since the last healthy stream, and the wait under way. */
  #reopens = 0;
  #cancelReopen: (() => void) | undefined;
  /** The calls waiting for the re-open under way: the last to stop waiting abandons its listen. */
  readonly #waits = new ListenWaits();

  /**
   * `log` lines are the server's own: the caller prefixes its name. `ackMs`: the listen request's own
   * time limit (else the SDK's 60 s would hold the start past its timeout).
   */
  constructor(client: Client, log: (line: string) => void, ackMs = LISTEN_ACK_MS, clock: SubscriberClock = realClock) {
    this.#client = client;
    this.#log = log;
    this.#ackMs = ackMs;
    this.#clock = clock;
  }

  get #modern(): boolean {
    return this.#client.getProtocolEra() === 'modern';
  }

  /**
   * After connect: a modern server's list changes come only on a listen stream, opened where it
   * says it sends them. One that cannot open is said in the log; the server is used all the same
   * (its lists are fetched again at its next start).
   */
  async open(): Promise<void> {
    if (!this.#modern || this.#filter() === undefined) return;
    try {
      await this.#changed();
    } catch (error) {
      this.#log(redact(`its change stream could not be opened (list changes are fetched again at its next start): ${errorMessage(error)}`));
    }
  }

  /** The server ended the stream: opened again after a wait, a few times, then left to the next start. */
  #ended(openedAt: number): void {
    if (this.#clock.now() - openedAt >= HEALTHY_MS) this.#reopens = 0;
    const wait = REOPEN_DELAYS_MS[this.#reopens];
    if (wait === undefined) {
      this.#log(`its change stream ended (remote) ${REOPEN_DELAYS_MS.length} times in a row; list changes resume at its next start`);
      return;
    }
    this.#reopens++;
    this.#log(`its change stream ended (remote); opening it again in ${wait / 1000} s`);
    this.#cancelReopen = this.#clock.after(wait, () => {
      this.#cancelReopen = undefined;
      if (this.#closed) return;
      this.#changed().catch((error: unknown) => {
        this.#log(redact(`its change stream could not be opened again: ${errorMessage(error)}`));
        this.#ended(this.#clock.now());
      });
    });
  }

  /** What to listen for: the list changes the server advertises and the URIs subscribed; undefined for nothing. */
  #filter(): SubscriptionFilter | undefined {
    const caps = this.#client.getServerCapabilities() ?? {};
    const filter: SubscriptionFilter = {};
    if (caps.tools?.listChanged === true) filter.toolsListChanged = LIST_CHANGES.toolsListChanged;
    if (caps.prompts?.listChanged === true) filter.promptsListChanged = LIST_CHANGES.promptsListChanged;
    if (caps.resources?.listChanged === true) filter.resourcesListChanged = LIST_CHANGES.resourcesListChanged;
    if (caps.resources?.subscribe === true && this.#uris.size > 0) filter.resourceSubscriptions = [...this.#uris.keys()];
    return Object.keys(filter).length === 0 ? undefined : filter;
  }

  async #listen(signal: AbortSignal): Promise<void> {
    const previous = this.#stream;
    const filter = this.#filter();
    this.#stream = filter === undefined ? undefined : await this.#client.listen(filter, { timeout: this.#ackMs, signal }).catch((error: unknown) => {
      // Said with this wait and its setting, not as the subscribing call's own timeout.
      const sdk = clientSdkIfLoaded();
      throw sdk?.SdkError.isInstance(error) === true && error.code === sdk.SdkErrorCode.RequestTimeout ? new ListenUnacknowledged(this.#ackMs, LISTEN_ACK_MS, { cause: error }) : error;
    });
    this.#listening = new Set(this.#stream === undefined ? [] : filter?.resourceSubscriptions);
    await previous?.close();
    const stream = this.#stream;
    const openedAt = this.#clock.now();
    void stream?.closed.then((how) => {
      // Only the stream in use: one replaced by a new filter ends too.
      if (how === 'remote' && !this.#closed && this.#stream === stream) this.#ended(openedAt);
    });
  }

  /**
   * The filter changed: resolves once a stream opened with it (or a later one) is listening. The
   * call's signal ends its wait at once; its timeout ends it too (a flush may send several listens,
   * each with its own bound, so a timeout longer than one is still the call's own).
   */
  #changed(options: WaitOptions = {}): Promise<void> {
    this.#dirty = true;
    this.#changes++;
    const { signal, timeout } = options;
    // Nobody would wait for a listen sent now: the next change sends the filter as it then is,
    // unless a URI nobody holds is still named upstream (its updates would go on coming).
    if (signal?.aborted === true && !this.#dropping()) return Promise.reject(reasonOf(signal));
    const sync = this.#syncing();
    const bounded = timeout === undefined ? {} : { timeout };
    return this.#waits.wait(sync, { ...(signal === undefined ? {} : { signal }), ...bounded }, this.#clock.after, () => new ListenUnacknowledged(timeout ?? this.#ackMs, LISTEN_ACK_MS, { byCall: true }));
  }

  /** The flush under way, or one started now. */
  #syncing(): Promise<void> {
    if (this.#sync !== undefined) return this.#sync;
    const sync = this.#flush().finally(() => {
      this.#sync = undefined;
      // A URI given back as this flush ended is not left named upstream.
      if (this.#dirty && !this.#closed && this.#dropping()) void this.#syncing();
    });
    // Every caller's wait takes the outcome; a flush nobody waits for any more must not reject unheard.
    sync.catch(() => undefined);
    this.#sync = sync;
    return sync;
  }

  /** Whether the open stream names a URI nobody holds any more. */
  #dropping(): boolean {
    for (const uri of this.#listening) if (!this.#uris.has(uri)) return true;
    return false;
  }

  /** A URI given back by a call that stopped waiting: it leaves the upstream filter all the same. */
  #dropLeft(): void {
    this.#dirty = true;
    this.#changes++;
    if (this.#sync === undefined && this.#dropping()) void this.#syncing();
  }

  async #flush(): Promise<void> {
    await this.#quiet();
    while (this.#dirty && !this.#closed) {
      this.#dirty = false;
      const signal = this.#waits.begin(this.#dropping());
      if (signal === undefined) {
        // The next change sends the filter as it then is.
        this.#dirty = true;
        throw new ListenAbandoned();
      }
      try {
        await this.#listen(signal);
      } catch (error) {
        // Abandoned, but changes made since have callers waiting: the next listen holds them.
        if (!signal.aborted || !this.#dirty) throw error;
      } finally {
        this.#waits.end();
      }
      if (this.#dirty) await this.#quiet();
    }
  }

  /** Waits while changes keep coming, turn by turn (never by the clock), up to MAX_QUIET_TURNS. */
  async #quiet(): Promise<void> {
    for (let turn = 0; turn < MAX_QUIET_TURNS; turn++) {
      const seen = this.#changes;
      await nextTurn();
      if (this.#changes === seen) return;
    }
  }

  async subscribe(uri: string, options: WaitOptions): Promise<void> {
    if (!this.#modern) {
      await this.#client.subscribeResource({ uri }, options);
      return;
    }
    if (options.signal?.aborted === true) throw reasonOf(options.signal);
    const held = this.#uris.get(uri) ?? 0;
    if (held > 0) return void this.#uris.set(uri, held + 1);
    if (this.#uris.size >= MAX_SUBSCRIBED_URIS_PER_SERVER) {
      throw new CodedError('rate_limited', `the server already has ${MAX_SUBSCRIBED_URIS_PER_SERVER} resources followed for agents, the most the bridge follows on one server`, {
        hint: 'unsubscribe from resources you no longer follow, or close the listen streams you no longer read',
      });
    }
    this.#uris.set(uri, 1);
    try {
      await this.#changed(options);
    } catch (error) {
      // A listen under way for other callers is sent again without it; one already open naming it, too.
      if (this.#release(uri)) this.#dropLeft();
      throw error;
    }
  }

  async unsubscribe(uri: string, options: WaitOptions): Promise<void> {
    if (!this.#modern) {
      await this.#client.unsubscribeResource({ uri }, options);
      return;
    }
    if (!this.#release(uri)) return;
    try {
      await this.#changed(options);
    } catch (error) {
      // Its wait ended (signal, timeout, an abandoned listen): the URI leaves the filter all the same.
      this.#dropLeft();
      throw error;
    }
  }

  /** One holder fewer; true when none is left and the URI left the filter. */
  #release(uri: string): boolean {
    const held = this.#uris.get(uri);
    if (held === undefined) return false;
    if (held > 1) {
      this.#uris.set(uri, held - 1);
      return false;
    }
    this.#uris.delete(uri);
    return true;
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#cancelReopen?.();
    await this.#stream?.close().catch(() => undefined);
  }
}
