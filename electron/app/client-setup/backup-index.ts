import { createHash } from 'node:crypto';
import type { Stats } from 'node:fs';
import { z } from 'zod';
import { lazySchema } from '../../../shared/api';
import { readRegularFile, writeFileAtomic } from '../../fs-safe';

/**
 * Beside a client file, after its name: which of its backups are known to hold no agent token, and
 * their text's hash. A disconnect then reads only the backups not listed as they were (made by hand,
 * by an earlier version, or changed since), and a connect tells a backup like the newest one without
 * reading it. A file that cannot be trusted (gone, cut short, changed) is only a list to make again.
 */
export const BACKUP_INDEX_MARK = '.connected-services-backups.json';

/** One entry per backup kept, and a folder's backups are gone through at most a thousand at a time. */
const MAX_INDEXED = 1000;
const MAX_INDEX_BYTES = 1024 * 1024;

// Built at the first connect or disconnect of a client, not at `serve`'s start.
const EntrySchema = lazySchema(() =>
  z.object({
    name: z.string().min(1).max(1024),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    size: z.number().int().nonnegative(),
    ino: z.number().nonnegative(),
    mtimeMs: z.number(),
    ctimeMs: z.number(),
  }),
);
const IndexSchema = lazySchema(() => z.object({ version: z.literal(1), backups: z.array(EntrySchema).max(MAX_INDEXED) }));

export type IndexEntry = z.infer<typeof EntrySchema>;

/** Hashed a slice at a time (never splitting a surrogate pair): a 100 MB text is not copied whole once more to be hashed. */
const HASH_SLICE = 1024 * 1024;

/** SHA-256 of the text's UTF-8. */
export function textHash(text: string): string {
  const hash = createHash('sha256');
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + HASH_SLICE, text.length);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    hash.update(text.slice(at, end));
    at = end;
  }
  return hash.digest('hex');
}

/** An entry for a backup whose text (no agent token in it) hashes to `sha256`, as it is now. */
export function indexEntry(name: string, sha256: string, info: Stats): IndexEntry {
  return { name, sha256, size: info.size, ino: info.ino, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs };
}

/** The backup is as it was when listed: a write, a rename over it or a chmod changes one of these (ctime cannot be set back). */
export function unchangedSince(entry: IndexEntry, info: Stats): boolean {
  return entry.size === info.size && entry.ino === info.ino && entry.mtimeMs === info.mtimeMs && entry.ctimeMs === info.ctimeMs;
}

/** The listed backups by name; none when the list is missing, unreadable or not what this app writes. */
export async function readBackupIndex(target: string): Promise<Map<string, IndexEntry>> {
  const read = await readRegularFile(`${target}${BACKUP_INDEX_MARK}`, MAX_INDEX_BYTES).catch(() => undefined);
  if (read === undefined || 'problem' in read) return new Map();
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.bytes.toString('utf8'));
  } catch {
    return new Map();
  }
  const index = IndexSchema.safeParse(parsed);
  return new Map(index.success ? index.data.backups.map((entry) => [entry.name, entry]) : []);
}

/** Written whole and atomically (0600): a crash leaves the old list or the new, and either is checked against the files. */
export async function saveBackupIndex(target: string, entries: Iterable<IndexEntry>): Promise<void> {
  const backups = [...entries].slice(-MAX_INDEXED);
  await writeFileAtomic(`${target}${BACKUP_INDEX_MARK}`, `${JSON.stringify({ version: 1, backups })}\n`, { mode: 0o600 });
}
