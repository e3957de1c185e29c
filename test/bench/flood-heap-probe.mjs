// Preloaded into serve by flood-heap.ts (NODE_OPTIONS --import, with --expose-gc): on SIGUSR2,
// full collections until the heap settles, then process.memoryUsage() written to HEAP_PROBE_FILE.
import { writeFileSync } from 'node:fs';

process.on('SIGUSR2', () => {
  void (async () => {
    for (let i = 0; i < 6; i++) {
      globalThis.gc();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    writeFileSync(process.env.HEAP_PROBE_FILE, JSON.stringify(process.memoryUsage()));
  })();
});
