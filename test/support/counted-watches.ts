import type * as Fs from 'node:fs';

/** How many folder watches are open, as the mocked fs.watch makes and closes them. */
export interface WatchCount {
  open: number;
}

/**
 * node:fs with its watch counted in `count`: the registry's folder watches are unref'd (they keep no
 * process alive), so process.getActiveResourcesInfo() does not list them. For a test's
 * `vi.mock('node:fs', (importOriginal) => …)`, imported inside the factory (it is hoisted above imports).
 */
export async function countedWatches(importOriginal: <T>() => Promise<T>, count: WatchCount): Promise<typeof Fs & { default: typeof Fs }> {
  const fs = await importOriginal<typeof Fs>();
  const watch = ((filename: Fs.PathLike, options: Fs.WatchOptions, listener: Fs.WatchListener<string>) => {
    const watcher = fs.watch(filename, options, listener);
    count.open++;
    watcher.once('close', () => void count.open--);
    return watcher;
  }) as typeof fs.watch;
  return { ...fs, default: { ...fs, watch }, watch };
}
