/** How long no agent request reached the bridge before what their traffic grew is given back. */
export const AGENTS_QUIET_MS = 60_000;

export interface AgentsQuietOptions {
  /** When the bridge last accepted an agent's request; undefined before the first. */
  lastRequestAt: () => number | undefined;
  /** When the heap was last compacted, by this watch or another (a server stop); -Infinity for never. */
  compactedAt: () => number;
  compact: () => void;
  now?: () => number;
  quietMs?: number;
  /** An unref'd setInterval by default; returns the stop function. */
  every?: (run: () => void, ms: number) => () => void;
}

const unrefInterval = (run: () => void, ms: number): (() => void) => {
  const timer = setInterval(run, ms);
  timer.unref();
  return () => clearInterval(timer);
};

/**
 * Compacts the heap once after each busy spell of the agents, when none has sent a request for
 * `quietMs`, even though servers still run (an `idleTimeoutMs` of 0 never stops them, so the watch on
 * server stops would never fire). Busy agents grow V8's young generation (8 → 32 MB serving one agent
 * at 16 calls at a time) and an idle process runs no collection that gives it back
 * (docs/how-it-is-built.md). Checked every half `quietMs`, so it runs 1–1.5 × `quietMs` after the last request;
 * nothing is done per request. Returns the stop function.
 */
export function compactWhenAgentsQuiet(options: AgentsQuietOptions): () => void {
  const now = options.now ?? Date.now;
  const quietMs = options.quietMs ?? AGENTS_QUIET_MS;
  // The last request a compaction already followed: one compaction per busy spell.
  let handled = -Infinity;
  return (options.every ?? unrefInterval)(() => {
    const last = options.lastRequestAt();
    if (last === undefined || last <= handled || last <= options.compactedAt()) return;
    if (now() - last < quietMs) return;
    handled = last;
    options.compact();
  }, quietMs / 2);
}
