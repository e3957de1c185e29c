import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import { refreshEvery, systemClock, type Clock } from '../lib';
import type { LiveState } from './live-state';
import type { Store } from './store';

export const LiveContext = createContext<LiveState | null>(null);
export const ClockContext = createContext<Clock>(systemClock);

export function useLive(): LiveState {
  const live = useContext(LiveContext);
  if (!live) throw new Error('useLive needs a LiveContext provider');
  return live;
}

export function useClock(): Clock {
  return useContext(ClockContext);
}

export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** The current time, refreshed every `intervalMs` (for countdowns and "expires in" texts). */
export function useNow(intervalMs: number): number {
  const clock = useClock();
  const [now, setNow] = useState(() => clock.now());
  useEffect(() => {
    setNow(clock.now());
    // Nothing to count down (Infinity): no timer at all, so a list of such rows never re-renders for time.
    if (!Number.isFinite(intervalMs)) return undefined;
    return clock.every(intervalMs, () => setNow(clock.now()));
  }, [clock, intervalMs]);
  return now;
}

/**
 * The current time, refreshed as often as relative texts for `times` need: every second while one
 * is under a minute away, less often after (see `refreshEvery`).
 */
export function useNowFor(...times: readonly (number | undefined)[]): number {
  const clock = useClock();
  const current = clock.now();
  let interval = 60_000;
  for (const at of times) if (at !== undefined) interval = Math.min(interval, refreshEvery(at, current));
  return useNow(interval);
}

/**
 * The current time for one thing that may expire at `at`: refreshed as `useNowFor` does while there is
 * one, never when there is none (a row without a token keeps still however long the list is).
 */
export function useNowForExpiry(at: number | undefined): number {
  const clock = useClock();
  return useNow(at === undefined ? Number.POSITIVE_INFINITY : refreshEvery(at, clock.now()));
}
