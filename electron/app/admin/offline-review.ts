import { errorMessage } from '../../../shared/errors';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { AdminEntrySchema, type AdminEntry } from '../../../shared/api';
import { errnoCode, FileLock, fsFailure, MAX_STATE_FILE_BYTES, readTextFile, removeStaleTemps, writeFileAtomic } from '../../fs-safe';
import { cutText, groupDigits } from '../../../shared/text';

/** How much of a failed change's error its line in the review shows: a call's error may be a server's 20,000 characters (Activity's Changes has it all). */
const REVIEW_ERROR_MAX = 300;

/** The oldest and the newest this many of the unreviewed changes are kept whole; those between are counted. */
export const REVIEW_KEEP_EACH_END = 250;

const ReviewFileSchema = z.object({
  version: z.literal(1),
  /** Changes made up to this time were reviewed by the person. */
  acknowledgedUpTo: z.number(),
  /** Oldest first: the first REVIEW_KEEP_EACH_END, then the last REVIEW_KEEP_EACH_END. */
  entries: z.array(AdminEntrySchema).max(2 * REVIEW_KEEP_EACH_END),
  /** Changes between those kept: how many, and the time of the newest of them. */
  omitted: z.object({ count: z.number().int().min(0), newest: z.number() }),
  /** The time of the first change kept here: every later one is here (or counted), none need be searched for in the log. */
  since: z.number().optional(),
});
type ReviewFile = z.infer<typeof ReviewFileSchema>;

/** Times are milliseconds since 1970: 0 is before every change. */
const EMPTY: ReviewFile = { version: 1, acknowledgedUpTo: 0, entries: [], omitted: { count: 0, newest: 0 } };

/**
 * `audit/review.json`: the widenings made from the command line while no app ran, kept until the
 * person acknowledges them, whatever else is written to the admin log meanwhile (a window of the log
 * could be flooded past them). Bounded by what it holds: the oldest and newest changes whole, a count
 * of those between, so neither a flood before a change nor one after it hides that it happened.
 */
export class OfflineReview {
  readonly file: string;
  readonly #dir: string;
  readonly #lock: FileLock;
  readonly #log: (line: string) => void;
  /** The adds under way, in order; never rejects (a failure is logged: the admin log still has the change). */
  #writing: Promise<void> = Promise.resolve();

  constructor(auditDir: string, log: (line: string) => void = () => undefined) {
    this.#dir = auditDir;
    this.file = path.join(auditDir, 'review.json');
    this.#lock = new FileLock(this.file, { label: 'review.json' });
    this.#log = log;
  }

  /** Keeps a change for review (in place of the one `replaces` names, its pending record); written in order, awaited by `flush`. */
  add(entry: AdminEntry, replaces?: string): void {
    this.#queue((file) => keep(file, entry, replaces)).catch((error: unknown) => this.#log(`keeping a change for review failed: ${errorMessage(error)}`));
  }

  /** Keeps a change for review and resolves once it is on disk (synced): rejects when it could not be. */
  keepNow(entry: AdminEntry): Promise<void> {
    return this.#queue((file) => keep(file, entry));
  }

  #queue(change: (file: ReviewFile) => ReviewFile): Promise<void> {
    const next = this.#writing.then(() => this.#update(change));
    this.#writing = next.catch(() => undefined);
    return next;
  }

  /** Resolves when every change added so far is on disk (or its failure logged). */
  flush(): Promise<void> {
    return this.#writing;
  }

  /** What waits for review, oldest first, with a line standing for the changes not kept whole. */
  async list(): Promise<{ entries: AdminEntry[]; acknowledgedUpTo: number; since: number }> {
    await this.#writing;
    const file = await this.#read();
    const entries = file.entries.filter((e) => e.time > file.acknowledgedUpTo).map(shownOutcome);
    if (file.omitted.count > 0 && file.omitted.newest > file.acknowledgedUpTo) {
      const at = entries.findIndex((e) => e.time > file.omitted.newest);
      const note: AdminEntry = {
        id: `omitted-${file.omitted.newest}`,
        time: file.omitted.newest,
        who: 'cli-offline',
        method: 'omitted',
        summary: `${groupDigits(file.omitted.count)} more changes were made from the command line or a program while the app was closed; every one is in audit/admin.jsonl`,
        outcome: 'ok',
        review: true,
      };
      entries.splice(at === -1 ? entries.length : at, 0, note);
    }
    return { entries, acknowledgedUpTo: file.acknowledgedUpTo, since: file.since ?? Number.POSITIVE_INFINITY };
  }

  /** The person reviewed everything up to `upTo`: it is no longer kept. */
  async acknowledge(upTo: number): Promise<void> {
    await this.#writing;
    await this.#update((file) => ({
      ...file,
      acknowledgedUpTo: Math.max(file.acknowledgedUpTo, upTo),
      entries: file.entries.filter((e) => e.time > upTo),
      omitted: file.omitted.newest > upTo ? file.omitted : { count: 0, newest: 0 },
    }));
  }

  async #update(change: (file: ReviewFile) => ReviewFile): Promise<void> {
    await mkdir(this.#dir, { recursive: true, mode: 0o700 });
    await this.#lock.run(async () => {
      const next = change(await this.#read());
      // A writer killed between its temp file and the rename left that file; the lock says none writes now.
      await removeStaleTemps(this.file).catch(() => undefined);
      try {
        await writeFileAtomic(this.file, `${JSON.stringify(next)}\n`, { mode: 0o600 });
      } catch (error) {
        throw fsFailure(error, 'write', this.file);
      }
    });
  }

  async #read(): Promise<ReviewFile> {
    let text: string;
    try {
      text = await readTextFile(this.file, MAX_STATE_FILE_BYTES);
    } catch (error) {
      if (errnoCode(error) === 'ENOENT') return EMPTY;
      throw fsFailure(error, 'read', this.file);
    }
    try {
      const raw = JSON.parse(text) as unknown;
      const parsed = ReviewFileSchema.safeParse(raw);
      if (parsed.success) return parsed.data;
    } catch {
      // Unreadable: the admin log still has every change; what it lists from its window is shown.
    }
    return EMPTY;
  }
}

/**
 * A change as the person reviews it: one whose command stopped between writing it ahead and its end
 * may be in force; one that failed is listed as tried, never as made.
 */
function shownOutcome(entry: AdminEntry): AdminEntry {
  if (entry.outcome === 'pending') return { ...entry, summary: `${entry.summary} (may have been applied: the command stopped before it said how it ended)` };
  if (entry.outcome === 'failed') return { ...entry, summary: `${entry.summary} (tried; it failed${entry.error !== undefined ? `: ${cutText(entry.error, REVIEW_ERROR_MAX)}` : ''})` };
  return entry;
}

/** The file with `entry` kept: in place of its pending record, or whole while there is room, else the newest kept whole and the one it pushes out counted. */
function keep(current: ReviewFile, entry: AdminEntry, replaces?: string): ReviewFile {
  const at = replaces === undefined ? -1 : current.entries.findIndex((e) => e.id === replaces);
  if (at !== -1) return { ...current, entries: current.entries.map((e, i) => (i === at ? entry : e)) };
  const file = current.since === undefined ? { ...current, since: entry.time } : current;
  if (file.entries.length < 2 * REVIEW_KEEP_EACH_END) return { ...file, entries: [...file.entries, entry] };
  const pushedOut = file.entries[REVIEW_KEEP_EACH_END];
  const entries = [...file.entries.slice(0, REVIEW_KEEP_EACH_END), ...file.entries.slice(REVIEW_KEEP_EACH_END + 1), entry];
  const omitted = { count: file.omitted.count + 1, newest: Math.max(file.omitted.newest, pushedOut?.time ?? 0) };
  return { ...file, entries, omitted };
}
