import type {
  Caller,
  DecideInput,
  DecideInputOf,
  DecideOutput,
  Decision,
  DecisionDecider,
  DecisionKind,
  DecisionOf,
  DecisionRecord,
} from '../../../shared/api';
import { CodedError, errorMessage } from '../../../shared/errors';
import { Emitter } from '../../../shared/events';
import { redact } from '../../../shared/redact';

/** How a source reports that one of its decisions ended. */
export interface SourceSettled {
  id: string;
  /** The kind's own word (allowed, denied, timeout, confirmed, accept…). */
  outcome: string;
  /** Who ended it when the source knows (`core`, `agent`); absent means the person. */
  who?: DecisionDecider;
  /**
   * How it read, for the record when the queue no longer holds it as shown: a change folded into a
   * standing decision ended its shown self then, and may still be answered on its own later.
   */
  was?: Pick<Decision, 'summary' | 'requestedAt'>;
}

/**
 * One kind of decision: where it waits, how the person answers it, and its events. The queue
 * knows nothing else of a kind, so a new kind is one source registered.
 */
export interface DecisionSource<K extends DecisionKind> {
  kind: K;
  list(): Array<DecisionOf<K>>;
  /** Answers one; throws `not_found` when nothing of this kind waits under the id. */
  decide(input: DecideInputOf<K>, who: Caller): Promise<DecideOutput>;
  watch(added: (decision: DecisionOf<K>) => void, settled: (settled: SourceSettled) => void): Array<() => void>;
  /** Resolves once what an answer given outside `decide` ended has been settled (a source that settles later). */
  caughtUp?(): Promise<void>;
}

export interface DecisionQueueEvents {
  added: Decision;
  settled: DecisionRecord;
}

export interface DecisionQueueOptions {
  now?: () => number;
  /** Where each settled decision's record is kept (audit/decisions.jsonl). */
  record?: (record: DecisionRecord) => void;
  log?: (line: string) => void;
}

/** Shown decisions kept to word their record: one per waiting decision, bounded by the sources' own caps. */
const key = (kind: DecisionKind, id: string): string => `${kind}:${id}`;

/**
 * The person's decisions, every kind in one place (docs/architecture.md, "decision"): listed oldest
 * first, answered by kind and id, and each settled one recorded in one shape.
 */
export class DecisionQueue {
  readonly #sources = new Map<DecisionKind, DecisionSource<DecisionKind>>();
  readonly #shown = new Map<string, Decision>();
  readonly #deciders = new Map<string, Caller>();
  readonly #answering = new Map<DecisionKind, Caller[]>();
  readonly #emitter: Emitter<DecisionQueueEvents>;
  readonly #off: Array<() => void> = [];
  readonly #now: () => number;
  readonly #record: ((record: DecisionRecord) => void) | undefined;

  constructor(options: DecisionQueueOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#record = options.record;
    this.#emitter = new Emitter((error) => options.log?.(redact(`a decision listener failed: ${errorMessage(error)}`)));
  }

  /** Adds a kind. @throws Error when the kind has a source already (a wiring mistake). */
  register<K extends DecisionKind>(source: DecisionSource<K>): void {
    if (this.#sources.has(source.kind)) throw new Error(`decisions of kind "${source.kind}" are registered twice`);
    this.#sources.set(source.kind, source as unknown as DecisionSource<DecisionKind>);
    for (const decision of source.list()) this.#shown.set(key(decision.kind, decision.id), decision);
    this.#off.push(
      ...source.watch(
        (decision) => this.#added(decision),
        (settled) => this.#settled(source.kind, settled),
      ),
    );
  }

  kinds(): DecisionKind[] {
    return [...this.#sources.keys()];
  }

  /** Everything waiting now, every kind, oldest first. */
  list(): Decision[] {
    return [...this.#sources.values()].flatMap((source) => source.list()).sort((a, b) => a.requestedAt - b.requestedAt);
  }

  /**
   * The person's answer, through its kind's source.
   * @throws CodedError not_found when no source of that kind is here (this process has no bridge, say).
   */
  async decide(input: DecideInput, who: Caller): Promise<DecideOutput> {
    const source = this.#sources.get(input.kind);
    if (!source) {
      throw new CodedError('not_found', `No ${input.kind} decisions wait in this process`, { hint: 'Decide in the running app (Activity)' });
    }
    this.decidedBy(input.kind, input.id, who);
    try {
      return await source.decide(input, who);
    } finally {
      this.#deciders.delete(key(input.kind, input.id));
    }
  }

  /** Notes who is answering, for the record (the deprecated per-kind methods call this before deciding). */
  decidedBy(kind: DecisionKind, id: string, who: Caller): void {
    if (this.#shown.has(key(kind, id))) this.#deciders.set(key(kind, id), who);
  }

  /**
   * Notes `who` as answering what of `kind` settles unshown until the returned function runs: a
   * change folded into a standing decision is answered on its own though no longer listed.
   */
  answering(kind: DecisionKind, who: Caller): () => void {
    const callers = this.#answering.get(kind) ?? [];
    callers.push(who);
    this.#answering.set(kind, callers);
    return () => {
      callers.splice(callers.indexOf(who), 1);
      if (callers.length === 0) this.#answering.delete(kind);
    };
  }

  /** Resolves once `kind`'s source has settled what answers given outside the queue ended. */
  async caughtUp(kind: DecisionKind): Promise<void> {
    await this.#sources.get(kind)?.caughtUp?.();
  }

  /** Drops that note: the answer failed, and the decision still waits for whoever answers next. */
  notDecided(kind: DecisionKind, id: string): void {
    this.#deciders.delete(key(kind, id));
  }

  on<E extends keyof DecisionQueueEvents>(event: E, listener: (payload: DecisionQueueEvents[E]) => void): () => void {
    return this.#emitter.on(event, listener);
  }

  /** Stops listening to the sources. Idempotent. */
  close(): void {
    for (const off of this.#off.splice(0)) off();
  }

  #added(decision: Decision): void {
    this.#shown.set(key(decision.kind, decision.id), decision);
    this.#emitter.emit('added', decision);
  }

  #settled(kind: DecisionKind, settled: SourceSettled): void {
    const k = key(kind, settled.id);
    const shown = this.#shown.get(k);
    this.#shown.delete(k);
    const who: DecisionDecider = settled.who ?? this.#deciders.get(k) ?? (shown === undefined ? this.#answering.get(kind)?.at(-1) : undefined) ?? 'person';
    this.#deciders.delete(k);
    const now = this.#now();
    const record: DecisionRecord = {
      id: settled.id,
      kind,
      what: shown?.summary ?? settled.was?.summary ?? `${kind} ${settled.id}`,
      who,
      outcome: settled.outcome,
      requestedAt: shown?.requestedAt ?? settled.was?.requestedAt ?? now,
      time: now,
      ...(shown?.kind === 'call' ? { agent: shown.item.agent } : {}),
    };
    this.#record?.(record);
    this.#emitter.emit('settled', record);
  }
}
