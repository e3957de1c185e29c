import type { ServerState } from '../../../shared/api';
import { collectAllGarbage } from './collect-all-garbage';

/** States in which a server's process is (or is about to be) running. */
const RUNNING: ReadonlySet<ServerState> = new Set(['starting', 'ready']);

/** Wait after the last server stopped, so a stop-and-restart (a config change) does not collect twice. */
export const COMPACT_DELAY_MS = 250;

export interface CompactWhenQuietOptions {
  /** Every configured server's state now. */
  states: () => Iterable<ServerState>;
  /** Calls the listener with a server's new state at each change of it; returns its removal. */
  onStateChange: (listener: (state: ServerState) => void) => () => void;
  /** Default: collectAllGarbage. */
  compact?: () => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  delayMs?: number;
}

/**
 * Compacts the heap once each time the last running server stops (idle timeout, disable, removal),
 * after `delayMs` with none started again; never while one runs, so no call waits on the collection.
 * Returns the unsubscription (and cancels a compaction not yet run).
 */
export function compactWhenServersStop(options: CompactWhenQuietOptions): () => void {
  const compact = options.compact ?? collectAllGarbage;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setTimeout(run, ms).unref());
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearTimeout(timer as NodeJS.Timeout));
  const delayMs = options.delayMs ?? COMPACT_DELAY_MS;
  let ran = [...options.states()].some((state) => RUNNING.has(state));
  let timer: unknown;
  const cancel = (): void => {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
  };
  // Every state is read only when the last running server may just have stopped: reading them costs a
  // status per server, and a start announces each of 50 servers in turn (docs/how-it-is-built.md).
  const off = options.onStateChange((changed) => {
    if (RUNNING.has(changed)) {
      ran = true;
      cancel();
      return;
    }
    if (!ran || timer !== undefined) return;
    if ([...options.states()].some((state) => RUNNING.has(state))) return;
    timer = setTimer(() => {
      timer = undefined;
      ran = false;
      compact();
    }, delayMs);
  });
  return () => {
    cancel();
    off();
  };
}
