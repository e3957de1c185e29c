import { mkdir, readdir, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import type { RunKind, RunRecords } from '../proc-env';
import { KeyedQueue, LockOwnerSchema, markHeld, ownerRecord, readJsonFile, systemProbe, writeFileAtomic, type LockOwner } from '../fs-safe';

/** A run's processes the record holds at most (proc-env's MAX_RUN_PROCESSES). */
const MAX_RECORDED = 4096;
/** The largest record: MAX_RECORDED members at a few dozen bytes each. */
export const MAX_RECORD_BYTES = 512 * 1024;
export const RECORD_NAME = /^[0-9a-f]{32}\.json$/;
/**
 * Ended runs remembered, so a write arriving after a run's end is dropped. Such a write is one the run's
 * own recording had under way at the end (proc-env's keepRecorded chains at most one more; the end closes
 * the watch that asks for more), so only the latest runs need it; every server restart and every secret
 * store program's answer ends a run, and a long `serve` must not keep them all.
 */
export const ENDED_KEPT = 1024;

export const RunRecordSchema = z.object({
  v: z.literal(1),
  /** The server's name, or the store's whose program it is (`kind`). */
  server: z.string().max(500),
  /** Absent in a record of a server's run. */
  kind: z.enum(['server', 'store']).optional(),
  mark: z.string().regex(/^[0-9a-f]{32}$/),
  /** The app process that started the run: its records are another live process's while it runs. */
  owner: LockOwnerSchema,
  /** The root first, then what was found of the run, each a pid with its start (clock ticks after boot). */
  members: z.array(z.object({ pid: z.number().int().positive(), start: z.string().regex(/^\d{1,20}$/) })).min(1).max(MAX_RECORDED),
});
export type RunRecord = z.infer<typeof RunRecordSchema>;

/**
 * The runs of this app process's stdio servers and secret stores' programs (Linux), one file a run
 * in a private folder of the data folder (`runs/<mark>.json`), written at the spawn and as the run
 * grows, removed once it is stopped.
 * What a crash leaves is read at the next start (leftover-runs.ts).
 */
export class RunLedger implements RunRecords {
  readonly dir: string;
  readonly #queue = new KeyedQueue();
  readonly #ended = new Set<string>();
  #made: Promise<void> | undefined;
  /** Read from /proc at the first record, without blocking: a ledger that records nothing reads nothing. */
  #owner: Promise<LockOwner> | undefined;

  constructor(dir: string) {
    this.dir = dir;
  }

  #ownerRecord(): Promise<LockOwner> {
    this.#owner ??= ownerRecord(systemProbe, new Date()).then((owner) => {
      // Its records stay this process's while it runs (fs-safe's ownerStatus asks this of our own pid).
      markHeld(owner, true);
      return owner;
    });
    return this.#owner;
  }

  /** Records the run's members now; a write after `end` is dropped, so no record outlives its stop. */
  record(server: string, mark: string, members: readonly { pid: number; start: string }[], kind: RunKind = 'server'): Promise<void> {
    return this.#queue.run(mark, async () => {
      if (this.#ended.has(mark)) return;
      this.#made ??= mkdir(this.dir, { recursive: true, mode: 0o700 }).then(() => undefined);
      const [owner] = await Promise.all([this.#ownerRecord(), this.#made]);
      const record: RunRecord = { v: 1, server, ...(kind === 'store' ? { kind } : {}), mark, owner, members: members.slice(0, MAX_RECORDED) };
      await writeFileAtomic(join(this.dir, `${mark}.json`), JSON.stringify(record));
    });
  }

  /** How many ended runs are remembered now: at most ENDED_KEPT. */
  get endedKept(): number {
    return this.#ended.size;
  }

  /** Removes the record once the run is stopped. */
  end(mark: string): Promise<void> {
    this.#ended.delete(mark);
    this.#ended.add(mark);
    // A Set iterates in insertion order: the first is the run that ended longest ago.
    for (const oldest of this.#ended) {
      if (this.#ended.size <= ENDED_KEPT) break;
      this.#ended.delete(oldest);
    }
    return this.#queue.run(mark, () => unlink(join(this.dir, `${mark}.json`)).catch(() => undefined));
  }
}

const ledgers = new Map<string, RunLedger>();

/**
 * The one ledger of `dir` in this process: the pool's and each set of secret stores opened on a data
 * folder (a core opens several) record through it, one owner record read once.
 */
export function runLedgerFor(dir: string): RunLedger {
  const key = resolve(dir);
  let ledger = ledgers.get(key);
  if (ledger === undefined) ledgers.set(key, (ledger = new RunLedger(key)));
  return ledger;
}

/** The records in `dir` with why each of the others is not one (to log); none when the folder is missing. */
export async function readRunRecords(dir: string): Promise<{ records: { file: string; record: RunRecord }[]; bad: string[] }> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return { records: [], bad: [] };
  }
  const records: { file: string; record: RunRecord }[] = [];
  const bad: string[] = [];
  for (const name of names.filter((n) => RECORD_NAME.test(n))) {
    const file = join(dir, name);
    const read = await readJsonFile(file, RunRecordSchema, undefined, undefined, MAX_RECORD_BYTES);
    if (read.ok && `${read.value.mark}.json` === name) records.push({ file, record: read.value });
    else bad.push(`${name}: ${read.ok ? 'named for another run' : read.reason}`);
  }
  return { records, bad };
}
