import { setFlagsFromString } from 'node:v8';

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
