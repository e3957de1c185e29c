import type { ForgottenRemovals, HeldChange, PinDecision, RefusedItem, RemovedItem, PromptInfo, ResourceInfo, ResourceTemplateInfo, ToolInfo } from '../../shared/api';
import { errorMessage, isCodedError } from '../../shared/errors';
import { Emitter } from '../../shared/events';
import { redact } from '../../shared/redact';
import { forgottenRemovals } from './forgotten-removals';
import { heldChanges, refusedItems, removedItems } from './held-view';
import { own } from './own-entry';
import { emptyState, heldCount, namesOf, reviewPart, type Parts } from './listing-parts';
import { decidedPins } from './pin-decisions';
import type { Listing, PinsEvents, PinsOptions } from './pin-events';
import { PIN_PARTS, type PinPart } from './pin-kinds';
import { pinFile, pinFileText, readPins, writePins, type ServerPins } from './pin-file';
import { pinWriteFailure } from './pin-write-failure';

/** A pin file that exists but could not be read: why. Not a first sight (pins.ts, review). */
interface Unreadable {
  unreadable: string;
}

/** What a server's pins are once loaded: none yet (missing file: first sight), its pins, or a file not read. */
type Loaded = ServerPins | undefined | Unreadable;

/**
 * Tools and prompts pinned at approval (docs/configuration.md, "Pinned tools"): what a server
 * lists reaches agents only as the person approved it. State lives in memory, loaded per server on
 * first use, and is written atomically after each change, one write at a time per server.
 */
export class ToolPins {
  readonly #states = new Map<string, Promise<Loaded>>();
  readonly #writes = new Map<string, Promise<void>>();
  /** Each server's last review or decision: the next one starts from the state it kept. */
  readonly #turns = new Map<string, Promise<unknown>>();
  /** Per server, the digest its last listing carried each refused name with (accepting a refusal checks it). */
  readonly #listedRefused = new Map<string, Partial<Record<PinPart, Map<string, string>>>>();
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

  /**
   * One review or decision of a server at a time. Without it two could read the same state and the
   * later keep would drop what the earlier kept (a listing reviewed while a decision was kept undid it).
   */
  #inTurn<T>(server: string, step: () => Promise<T>): Promise<T> {
    const turn = (this.#turns.get(server) ?? Promise.resolve()).then(step);
    const done = turn.catch(() => undefined);
    this.#turns.set(server, done);
    void done.then(() => {
      if (this.#turns.get(server) === done) this.#turns.delete(server);
    });
    return turn;
  }

  /**
   * Kept in memory at once, written after the writes under way; the write is returned, and a failed one
   * is logged. Throws (pin-file.ts) when the state would be past the bound a pin file is read with: nothing is kept then.
   */
  #keep(server: string, pins: ServerPins): Promise<void> {
    const text = pinFileText(server, pins);
    this.#states.set(server, Promise.resolve(pins));
    const previous = this.#writes.get(server) ?? Promise.resolve();
    const write = previous.then(() => writePins(this.options.dir, server, text));
    this.#writes.set(
      server,
      write.catch((error: unknown) => this.#log(`[${server}] could not write its pinned tools: ${String(error)}`)),
    );
    return write;
  }

  /** A server's listing as agents may see it: approved definitions only. New and changed ones are held. */
  review<L extends Listing>(server: string, listing: L): Promise<L> {
    return this.#inTurn(server, () => this.#review(server, listing));
  }

  async #review<L extends Listing>(server: string, listing: L): Promise<L> {
    const loaded = await this.#current(server);
    const now = this.#now();
    const lost = loaded !== undefined && 'unreadable' in loaded;
    // Pins not read start empty, not as a first sight: every name is held as new.
    const empty = { tools: emptyState<ToolInfo>(), prompts: emptyState<PromptInfo>(), resources: emptyState<ResourceInfo>(), templates: emptyState<ResourceTemplateInfo>() };
    const state: ServerPins | undefined = lost ? { ...empty, unverified: { since: now, reason: loaded.unreadable } } : loaded;
    const unverified = state?.unverified;
    const acceptNew = unverified === undefined && this.options.acceptNew(server);
    const parts: Parts = {
      tools: reviewPart('tools', state, listing.tools, acceptNew, now),
      prompts: reviewPart('prompts', state, listing.prompts, acceptNew, now),
      resources: reviewPart('resources', state, listing.resources, acceptNew, now),
      templates: reviewPart('templates', state, listing.templates, acceptNew, now),
    };
    const listed = { ...this.#listedRefused.get(server) };
    for (const part of PIN_PARTS) if (parts[part] !== undefined) listed[part] = parts[part].listedRefused;
    this.#listedRefused.set(server, listed);
    // Unverified until a listing leaves nothing waiting (every name it lists approved or refused by the person).
    const stillUnverified = unverified !== undefined && heldCount(parts) > 0;
    const changed = PIN_PARTS.some((part) => parts[part]?.changed === true);
    let removed: ReturnType<typeof namesOf>;
    if (lost || changed || (unverified !== undefined && !stillUnverified)) {
      // Another listing may have been reviewed meanwhile: the later one wins, as it saw the later state.
      const next: ServerPins = { tools: parts.tools?.next ?? emptyState(), prompts: parts.prompts?.next ?? emptyState() };
      for (const part of ['resources', 'templates'] as const) {
        const kept = parts[part]?.next ?? state?.[part];
        if (kept !== undefined) Object.assign(next, { [part]: kept });
      }
      const failed = await this.#keep(server, { ...next, ...(stillUnverified ? { unverified } : {}) }).then(() => undefined, errorMessage);
      // Fails closed: pins not on disk would let the next start take a changed listing for a first sight.
      if (failed !== undefined && !lost) {
        this.#log(`[${server}] its pinned tools could not be written (${failed}): nothing it lists reaches agents until you review it`);
        this.#states.set(server, Promise.resolve({ unreadable: `not written: ${failed}` }));
        return this.#review(server, listing);
      }
      // A part never pinned before (a first listing, or resources in a pin file older than their pins) is pinned now.
      const firstSight = (part: PinPart): boolean => state?.[part] === undefined;
      const pinned = namesOf(parts, 'approvedNow', firstSight);
      if (pinned) this.#events.emit('decided', { server, outcome: 'pinned', ...pinned });
      const accepted = namesOf(parts, 'approvedNow', (part) => !firstSight(part));
      if (accepted) this.#events.emit('decided', { server, outcome: 'auto-accepted', ...accepted });
      removed = namesOf(parts, 'removed');
      if (removed) this.#events.emit('decided', { server, outcome: 'removed', ...removed });
    }
    // A removal is shown beside what waits (the removed half of a rename): the person's view changed too.
    if (removed !== undefined || PIN_PARTS.some((part) => parts[part]?.heldChanged === true)) this.#events.emit('held', { server });
    return {
      ...listing,
      tools: parts.tools?.visible ?? [],
      prompts: parts.prompts?.visible ?? [],
      ...(parts.resources ? { resources: parts.resources.visible } : {}),
      ...(parts.templates ? { templates: parts.templates.visible } : {}),
    };
  }

  /** What waits for the person, of one server or of every server whose pins were read. */
  held(server?: string): Promise<HeldChange[]> {
    return this.#view(server, heldChanges);
  }

  /** What the person refused, of one server or of every server whose pins were read. */
  refused(server?: string): Promise<RefusedItem[]> {
    return this.#view(server, (name, pins) => refusedItems(name, pins, (part, key) => this.#listedRefused.get(name)?.[part]?.get(key)));
  }

  /** What agents lost when the server stopped listing it (remembered as approved), of one server or of every server whose pins were read. */
  removed(server?: string): Promise<RemovedItem[]> {
    return this.#view(server, removedItems);
  }

  /** Whether a server's pins forgot removed names, so acceptNewTools approves none of its new ones. */
  forgotten(server?: string): Promise<ForgottenRemovals[]> {
    return this.#view(server, forgottenRemovals);
  }

  async #view<T>(server: string | undefined, view: (name: string, pins: ServerPins) => T[]): Promise<T[]> {
    const out: T[] = [];
    for (const name of server !== undefined ? [server] : [...this.#states.keys()]) {
      const state = await this.#state(name);
      if (state && !('unreadable' in state)) out.push(...view(name, state));
    }
    return out;
  }

  /**
   * The server's pin file and why it could not be read, while no listing has held what it lists since
   * (nothing waits yet, yet nothing reaches agents either); undefined once read or replaced.
   */
  async unreadable(server: string): Promise<{ file: string; reason: string } | undefined> {
    const state = await this.#current(server);
    return state !== undefined && 'unreadable' in state ? { file: pinFile(this.options.dir, server), reason: state.unreadable } : undefined;
  }

  /**
   * Whether a resource URI the server listed is one the person has not approved: new and held for
   * their review, or refused. The bridge reads it through no template either (read-calls.ts).
   */
  async withheldResource(server: string, uri: string): Promise<'held' | 'refused' | undefined> {
    const state = await this.#state(server);
    const resources = state !== undefined && !('unreadable' in state) ? state.resources : undefined;
    if (resources === undefined || own(resources.approved, uri) !== undefined) return undefined;
    if (own(resources.held, uri) !== undefined) return 'held';
    return own(resources.refused, uri) !== undefined ? 'refused' : undefined;
  }

  /**
   * The person's decisions on one server's held items; all-or-nothing when one names nothing held.
   * `resetForgotten`: acceptNewTools approves the server's new names again, though removed ones were forgotten.
   */
  async decide(server: string, decisions: readonly PinDecision[], resetForgotten = false): Promise<void> {
    if (!(await this.#inTurn(server, () => this.#decide(server, decisions, resetForgotten)))) return;
    this.#events.emit('held', { server });
    // A dismissal changes the person's view only: agents' listings stay as they were.
    if (resetForgotten || decisions.some((d) => d.decision !== 'dismiss')) this.#events.emit('visible', { server });
  }

  /** Keeps the decisions; false when they changed nothing. */
  async #decide(server: string, decisions: readonly PinDecision[], resetForgotten: boolean): Promise<boolean> {
    const loaded = await this.#current(server);
    const state = loaded && !('unreadable' in loaded) ? loaded : undefined;
    const refusedDigest = (part: PinPart, name: string) => this.#listedRefused.get(server)?.[part]?.get(name);
    const next = decidedPins(server, state, decisions, { refusedDigest, now: this.#now(), resetForgotten });
    if (next === undefined || next === state) return false;
    const before = this.#states.get(server);
    try {
      // Written in this turn: no listing is reviewed until the decision is on disk or undone.
      await this.#keep(server, next);
    } catch (error) {
      if (before !== undefined) this.#states.set(server, before);
      // Past the bound (pin-file.ts): nothing was kept, and its own error says why.
      if (isCodedError(error)) throw error;
      throw pinWriteFailure(server, this.options.dir, error);
    }
    // Told once kept: the decisions queue records who decided only what is on disk (tool-change-decisions.ts).
    this.#events.emit('reviewed', { server, decisions });
    return true;
  }

  /** Waits for the writes under way. */
  async flush(): Promise<void> {
    await Promise.all(this.#writes.values());
  }
}
