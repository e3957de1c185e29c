import type { ProcessEnv } from '../../shared/core-env';
import type { HeldChange, PinDecision, PromptInfo, ToolInfo } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { Emitter } from '../../shared/events';
import { redact } from '../../shared/redact';
import { promptDigest, toolDigest } from './digest';
import { heldChanges } from './held-view';
import { pinFileText, readPins, writePins, type ServerPins } from './pin-file';
import { decide, review, type PinState } from './pin-state';

/** What a listing holds that pins concern (the pool's Inventory has these and more). */
export interface Listing {
  tools: ToolInfo[];
  prompts: PromptInfo[];
}

/** The core's clock and log (shared/core-env), each defaulting to the process's. */
export interface PinsOptions extends Partial<Pick<ProcessEnv, 'now' | 'log'>> {
  /** `<dataDir>/pins`: one file per server. */
  dir: string;
  /** The server's `pinning.acceptNewTools`, read at each listing. */
  acceptNew: (server: string) => boolean;
}

/**
 * What a listing did to the pins without the person, for the admin audit log (the person's own
 * decisions are logged as the App API calls they are): pinned on first sight, approved by
 * `acceptNewTools`, gone from the server.
 */
export interface PinEvent {
  server: string;
  outcome: 'pinned' | 'auto-accepted' | 'removed';
  tools: string[];
  prompts: string[];
}

export interface PinsEvents {
  /** What agents may see of a server changed by a decision: the pool tells the bridge. */
  visible: { server: string };
  /** What waits for the person changed (the app's decisions area, the tray's count). */
  held: { server: string };
  decided: PinEvent;
  /** The person's decisions, before the `held` that follows them (the decisions queue words its records with them). */
  reviewed: { server: string; decisions: readonly PinDecision[] };
}

/** A pin file that exists but could not be read: why. Not a first sight (pins.ts, review). */
interface Unreadable {
  unreadable: string;
}

/** What a server's pins are once loaded: none yet (missing file: first sight), its pins, or a file not read. */
type Loaded = ServerPins | undefined | Unreadable;

function emptyState<T>(): PinState<T> {
  return { approved: {}, held: {}, refused: {} };
}

function heldCount(pins: Pick<ServerPins, 'tools' | 'prompts'>): number {
  return Object.keys(pins.tools.held).length + Object.keys(pins.prompts.held).length;
}

/**
 * Tools and prompts pinned at approval (docs/configuration.md, "Pinned tools"): what a server
 * lists reaches agents only as the person approved it. State lives in memory, loaded per server on
 * first use, and is written atomically after each change, one write at a time per server.
 */
export class ToolPins {
  readonly #states = new Map<string, Promise<Loaded>>();
  readonly #writes = new Map<string, Promise<void>>();
  readonly #events: Emitter<PinsEvents>;
  readonly #now: () => number;
  readonly #log: (line: string) => void;

  constructor(private readonly options: PinsOptions) {
    this.#now = options.now ?? Date.now;
    this.#log = (line) => options.log?.(redact(line));
    this.#events = new Emitter<PinsEvents>((error) => this.#log(`a pins listener failed: ${String(error)}`));
  }

  on<E extends keyof PinsEvents>(event: E, listener: (payload: PinsEvents[E]) => void): () => void {
    return this.#events.on(event, listener);
  }

  #state(server: string): Promise<Loaded> {
    let state = this.#states.get(server);
    if (state === undefined) {
      state = readPins(this.options.dir, server).then((read): Loaded => {
        if (read.ok) return read.pins;
        if (read.reason === 'missing') return undefined;
        // Fails closed: a server able to spoil its own pins must not get its next listing approved whole.
        this.#log(`[${server}] its pinned tools could not be read (${read.reason}): nothing it lists reaches agents until you review it (connected-services servers review ${server})`);
        return { unreadable: read.reason };
      });
      this.#states.set(server, state);
    }
    return state;
  }

  /** The latest state: a decision or listing kept while this one waited is not overwritten with an older one. */
  async #current(server: string): Promise<Loaded> {
    for (;;) {
      const pending = this.#state(server);
      const state = await pending;
      if (this.#states.get(server) === pending) return state;
    }
  }

  /** Throws (pin-file.ts) when the state would be past the bound a pin file is read with: nothing is kept then. */
  #keep(server: string, pins: ServerPins): void {
    const text = pinFileText(server, pins);
    this.#states.set(server, Promise.resolve(pins));
    const previous = this.#writes.get(server) ?? Promise.resolve();
    const write = previous
      .then(() => writePins(this.options.dir, server, text))
      .catch((error: unknown) => this.#log(`[${server}] could not write its pinned tools: ${String(error)}`));
    this.#writes.set(server, write);
  }

  /** A server's listing as agents may see it: approved definitions only. New and changed ones are held. */
  async review<L extends Listing>(server: string, listing: L): Promise<L> {
    const loaded = await this.#current(server);
    const now = this.#now();
    const lost = loaded !== undefined && 'unreadable' in loaded;
    // Pins not read start empty, not as a first sight: every name is held as new.
    const state: ServerPins | undefined = lost ? { tools: emptyState(), prompts: emptyState(), unverified: { since: now, reason: loaded.unreadable } } : loaded;
    const unverified = state?.unverified;
    const acceptNew = unverified === undefined && this.options.acceptNew(server);
    const tools = review(state?.tools, listing.tools, { digest: toolDigest, acceptNew, now });
    const prompts = review(state?.prompts, listing.prompts, { digest: promptDigest, acceptNew, now });
    // Unverified until a listing leaves nothing waiting (every name it lists approved or refused by the person).
    const stillUnverified = unverified !== undefined && heldCount({ tools: tools.next, prompts: prompts.next }) > 0;
    if (lost || tools.changed || prompts.changed || (unverified !== undefined && !stillUnverified)) {
      // Another listing may have been reviewed meanwhile: the later one wins, as it saw the later state.
      this.#keep(server, { tools: tools.next, prompts: prompts.next, ...(stillUnverified ? { unverified } : {}) });
      const outcome = state === undefined ? 'pinned' : 'auto-accepted';
      if (tools.approvedNow.length + prompts.approvedNow.length > 0) this.#events.emit('decided', { server, outcome, tools: tools.approvedNow, prompts: prompts.approvedNow });
      if (tools.removed.length + prompts.removed.length > 0) this.#events.emit('decided', { server, outcome: 'removed', tools: tools.removed, prompts: prompts.removed });
    }
    if (tools.heldChanged || prompts.heldChanged) this.#events.emit('held', { server });
    return { ...listing, tools: tools.visible, prompts: prompts.visible };
  }

  /** What waits for the person, of one server or of every server whose pins were read. */
  async held(server?: string): Promise<HeldChange[]> {
    const servers = server !== undefined ? [server] : [...this.#states.keys()];
    const out: HeldChange[] = [];
    for (const name of servers) {
      const state = await this.#state(name);
      if (state && !('unreadable' in state)) out.push(...heldChanges(name, state));
    }
    return out;
  }

  /** The person's decisions on one server's held tools and prompts; all-or-nothing when one names nothing held. */
  async decide(server: string, decisions: readonly PinDecision[]): Promise<void> {
    const loaded = await this.#current(server);
    const state = loaded && !('unreadable' in loaded) ? loaded : undefined;
    let next = state;
    for (const { kind, name, decision } of decisions) {
      const part = kind === 'tool' ? 'tools' : 'prompts';
      const decided = next ? decide<ToolInfo | PromptInfo>(next[part], name, decision, this.#now()) : undefined;
      if (next === undefined || decided === undefined) {
        throw new CodedError('not_found', redact(`No ${kind} "${name}" of "${server}" waits for review.`), {
          hint: `Run \`connected-services servers review ${server}\` to see what waits.`,
        });
      }
      next = { ...next, [part]: decided };
    }
    if (next === undefined || next === state) return;
    this.#keep(server, next);
    await this.#writes.get(server);
    this.#events.emit('reviewed', { server, decisions });
    this.#events.emit('held', { server });
    this.#events.emit('visible', { server });
  }

  /** Waits for the writes under way. */
  async flush(): Promise<void> {
    await Promise.all(this.#writes.values());
  }
}
