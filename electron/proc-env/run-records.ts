import type { RunWatch } from './run-watch';

/** Whose run a record is: a stdio server's, or a secret store's program's (their daemons are kept, run-watch.ts). */
export type RunKind = 'server' | 'store';

/** Where the processes of running runs are recorded, so a start after a crash stops them (pool/run-ledger.ts). */
export interface RunRecords {
  record(name: string, mark: string, members: readonly { pid: number; start: string }[], kind?: RunKind): Promise<void>;
  /** Removes the record once the run is stopped; a record after it is dropped. */
  end(mark: string): Promise<void>;
}

/**
 * Records the run of `watch` now and again each time its periodic look finds more of it, one write
 * at a time (the last one with all of them); `fail` is told of a write that failed.
 */
export function keepRecorded(watch: RunWatch, records: RunRecords, run: { name: string; mark: string; kind: RunKind }, fail: (error: unknown) => void): void {
  let writing = false;
  let again = false;
  const write = (): void => {
    if (writing) {
      again = true;
      return;
    }
    writing = true;
    void records
      .record(run.name, run.mark, watch.members(), run.kind)
      .catch(fail)
      .finally(() => {
        writing = false;
        if (again) {
          again = false;
          write();
        }
      });
  };
  watch.onGrow = write;
  write();
}
