import type * as Inspector from 'node:inspector';
import * as v8 from 'node:v8';

type InspectorModule = typeof Inspector;

/** The in-process inspector, or undefined where Node was built without one. */
function inspectorModule(): InspectorModule | undefined {
  try {
    return process.getBuiltinModule('node:inspector');
  } catch {
    return undefined;
  }
}

/** A class nothing ever constructs: querying it costs only the collection that precedes the count. */
class NeverConstructed {}

/**
 * The fallback: `v8.queryObjects` collects the same way before it counts, but then walks every object
 * and clears every function's type feedback (~5× the CPU of the inspector's collection). Its one
 * ExperimentalWarning is kept off stderr (the log of `serve`); any other warning passes.
 */
function queryObjectsCollection(): boolean {
  const query = (v8 as { queryObjects?: (ctor: new () => unknown, options: { format: 'count' }) => number }).queryObjects;
  if (typeof query !== 'function') return false;
  const emitWarning = process.emitWarning.bind(process);
  const original = Object.getOwnPropertyDescriptor(process, 'emitWarning');
  process.emitWarning = ((...args: Parameters<typeof process.emitWarning>): void => {
    const [warning] = args;
    if (!String(warning instanceof Error ? warning.message : warning).includes('queryObjects')) emitWarning(...args);
  }) as typeof process.emitWarning;
  try {
    query(NeverConstructed, { format: 'count' });
  } finally {
    if (original) Object.defineProperty(process, 'emitWarning', original);
  }
  return true;
}

/** What waits for the collection asked and not yet run: an ask meanwhile joins it. */
let waiting: Array<() => void> | undefined;

/**
 * One full, memory-reducing collection of V8's heap: every collectable object in both generations,
 * in rounds until none frees more, the young generation shrunk (V8's low-memory notification). An idle
 * process runs none, so what serving agents grew stays in its RSS for good (docs/how-it-is-built.md).
 * Asked through the in-process inspector's `HeapProfiler.collectGarbage` (Chrome DevTools Protocol;
 * public, no start flag: `--expose-gc` would need one), which V8 runs from a task of its own, on a
 * next turn of the event loop; `done` runs after it. Without an inspector, `v8.queryObjects` collects
 * at once. Returns false where neither exists (Node < 20.13 without an inspector).
 */
export function collectAllGarbage(done?: () => void): boolean {
  if (waiting) {
    if (done) waiting.push(done);
    return true;
  }
  const inspector = inspectorModule();
  if (!inspector) {
    const collected = queryObjectsCollection();
    done?.();
    return collected;
  }
  const session = new inspector.Session();
  session.connect();
  const after = done ? [done] : [];
  waiting = after;
  // Disconnecting before the answer would cancel the collection, and disconnecting in the answer's
  // callback (run inside the inspector's task) hangs Node 20's main thread: the session ends on the next turn.
  session.post('HeapProfiler.collectGarbage', () =>
    setImmediate(() => {
      waiting = undefined;
      session.disconnect();
      for (const then of after) then();
    }),
  );
  return true;
}
