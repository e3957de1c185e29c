import { PIN_KIND_WORDS, type DecisionOf, type HeldChange } from '../../../shared/api';
import type { SetTimer } from '../../pool';

/**
 * The listing that changes what waits this many times in a row, unanswered, makes a server one that keeps
 * changing. A change counts when it replaces, alters or takes back what waits, or brings back what it took
 * back in the run: a tool only added, once, does not (a server registering its tools one by one at start).
 */
export const CHANGES_TO_STAND = 3;
/** A run ends after this long without a change: a server changing weekly is not one that keeps changing. */
export const RUN_QUIET_MS = 10 * 60_000;
/** Ids a run remembers as taken back, the newest kept: a server churning new names cannot grow it without end. */
const GONE_KEPT = 500;

/** The id of a server's standing decision: `server/changing`, never a held change's `server/kind/name`. */
export const standingId = (server: string): string => `${server}/changing`;

/**
 * The one decision of a server that keeps changing what waits: its newest held change (with what changed
 * since approval), the others counted. `held` empty: nothing waits this moment, `last` is shown as it was.
 */
export function standingDecision(server: string, held: readonly HeldChange[], last: HeldChange, changes: number, since: number): DecisionOf<'toolChange'> {
  const newest = held.reduce<HeldChange | undefined>((a, b) => (a === undefined || b.seenAt >= a.seenAt ? b : a), undefined);
  const item = newest ?? last;
  const what = item.change === 'added' ? `lists a new ${PIN_KIND_WORDS[item.kind]}` : `changed the ${PIN_KIND_WORDS[item.kind]}`;
  const rest = held.length > 1 ? `, and ${held.length - 1} more wait` : '';
  const now = newest === undefined ? `nothing waits right now (last it ${what} "${item.name}")` : `now it ${what} "${item.name}"${rest}`;
  // An answer starts a new run: none since says no count.
  const row = changes > 0 ? ` (${changes} change${changes === 1 ? '' : 's'} in a row)` : '';
  return { kind: 'toolChange', id: standingId(server), summary: `"${server}" keeps changing its tools${row}: ${now}`, requestedAt: since, item };
}

/** Each server's changes in a row that nobody answered, each run ended by quiet (RUN_QUIET_MS) or by an answer. */
export class ChangeRuns {
  readonly #runs = new Map<string, { changes: number; cancel: () => void; gone: Set<string> }>();

  constructor(
    private readonly setTimer: SetTimer,
    private readonly quiet: (server: string) => void,
  ) {}

  /** One more change, `gone` the ids it took back unanswered; returns how many in this run. */
  changed(server: string, gone: readonly string[] = []): number {
    const run = this.#runs.get(server);
    run?.cancel();
    const changes = (run?.changes ?? 0) + 1;
    const cancel = this.setTimer(() => {
      this.#runs.delete(server);
      this.quiet(server);
    }, RUN_QUIET_MS);
    this.#runs.set(server, { changes, cancel, gone: new Set([...(run?.gone ?? []), ...gone].slice(-GONE_KEPT)) });
    return changes;
  }

  /** Whether this run took back the change `id` unanswered: its coming back is a change again. */
  wentBefore(server: string, id: string): boolean {
    return this.#runs.get(server)?.gone.has(id) ?? false;
  }

  /** The person answered: the next change starts a new run. */
  end(server: string): void {
    this.#runs.get(server)?.cancel();
    this.#runs.delete(server);
  }

  count(server: string): number {
    return this.#runs.get(server)?.changes ?? 0;
  }

  close(): void {
    for (const server of [...this.#runs.keys()]) this.end(server);
  }
}
