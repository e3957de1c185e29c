import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';

/** The V8 flag that keeps the young generation at its current size (it doubles under load otherwise). */
export const HOLD_YOUNG_GENERATION_FLAG = '--semi-space-growth-factor=1';

/**
 * Keeps V8's young generation at the size it has now. Serving agents once made V8 grow it from 8 to
 * 32 MB, and an idle process runs no collection that would give it back, so `serve` kept ~24 MB of RSS
 * for good after every server had stopped (README: Benchmarks). `serve` calls this once it is ready:
 * start-up keeps the size its own allocation reached; a busy bridge pays for more, smaller young
 * collections (objects live one call). Read by V8 at each growth, so setting it at run time works.
 */
export function holdYoungGeneration(setFlags: (flags: string) => void = setFlagsFromString): void {
  setFlags(HOLD_YOUNG_GENERATION_FLAG);
}

/** V8's own growth factor (lets the young generation double again). */
export const GROW_YOUNG_GENERATION_FLAG = '--semi-space-growth-factor=2';

export interface RegrowOptions {
  /** The young generation's size now, bytes. */
  youngSize?: () => number;
  setFlags?: (flags: string) => void;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (timer: unknown) => void;
  /** How often the size is checked while it grows. */
  everyMs?: number;
}

const youngSpaceSize = (): number => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0;

/**
 * After a memory-reducing collection shrank the held young generation (to 1 MB), lets V8 grow it
 * again up to `size` (its size when `serve` got ready) and holds it there: held at 1 MB, a busy bridge
 * would promote its calls' objects and run several times more collections. Returns the cancel.
 */
export function regrowYoungGeneration(size: number, options: RegrowOptions = {}): () => void {
  const youngSize = options.youngSize ?? youngSpaceSize;
  const setFlags = options.setFlags ?? setFlagsFromString;
  const setTimer = options.setTimer ?? ((run: () => void, ms: number) => setInterval(run, ms).unref());
  const clearTimer = options.clearTimer ?? ((timer: unknown) => clearInterval(timer as NodeJS.Timeout));
  if (youngSize() >= size) return () => undefined;
  setFlags(GROW_YOUNG_GENERATION_FLAG);
  const timer = setTimer(() => {
    if (youngSize() < size) return;
    clearTimer(timer);
    setFlags(HOLD_YOUNG_GENERATION_FLAG);
  }, options.everyMs ?? 1000);
  return () => clearTimer(timer);
}

/** The young generation's size now (what `regrowYoungGeneration` grows it back to). */
export function youngGenerationSize(): number {
  return youngSpaceSize();
}
