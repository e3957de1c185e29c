import type { ServerResponse } from 'node:http';

/** What runs once a response is over, per response (one close listener each). */
const pending = new WeakMap<ServerResponse, Array<() => void>>();

/**
 * Runs `run` once `res` is over: ended by the bridge (responseOver) or its connection closed,
 * whichever comes first. Node emits `close` only once what was written has left, so a stream the
 * bridge ended while the agent reads nothing would hold what it took until the agent's socket closes.
 */
export function whenOver(res: ServerResponse, run: () => void): void {
  if (res.closed) return run();
  let runs = pending.get(res);
  if (runs === undefined) {
    runs = [];
    pending.set(res, runs);
    res.once('close', () => responseOver(res));
  }
  runs.push(run);
}

/** The bridge is done with `res` (it ended it, or it is ending now): what waits on it runs, once. */
export function responseOver(res: ServerResponse): void {
  const runs = pending.get(res);
  if (runs === undefined) return;
  pending.delete(res);
  for (const run of runs) run();
}
