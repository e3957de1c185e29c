import { createHash } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { readRegularFile, writeFileAtomic } from '../fs-safe';
import type { CheckedEntry } from './entry-check';
import { MAX_LATEST_COUNTED } from './sync-held';
import { SKIPPED_KEYS_KEPT } from './sync-skipped';
import { ENTRY_STATUSES, ServerDetailSchema } from './server-json';

/** A snapshot file above this is not read (35,000 entries of a few KiB are far below it). */
const MAX_SNAPSHOT_BYTES = 512 * 1024 * 1024;

const CheckedEntrySchema = z.object({
  server: ServerDetailSchema,
  status: z.enum(ENTRY_STATUSES),
  statusMessage: z.string().max(1000).optional(),
  updatedAt: z.string().max(64).optional(),
  publishedAt: z.string().max(64).optional(),
  isLatest: z.boolean(),
  latestMarked: z.number().int().min(2).max(MAX_LATEST_COUNTED).optional(),
});

const SnapshotSchema = z.object({
  format: z.literal(1),
  base: z.string(),
  /** When the last sync that paged through everything ended (ms). */
  fullSyncAt: z.number(),
  /** When the last successful sync of any kind ended (ms). */
  syncedAt: z.number(),
  /** The newest `updatedAt` the registry has sent: the next sync's `updated_since`. */
  updatedSince: z.string().max(64).optional(),
  entries: z.array(CheckedEntrySchema),
  /** Entries refused since the last full sync, by why; never their text. */
  skipped: z.object({ invalid: z.number().int().min(0), hostile: z.number().int().min(0) }),
  /** Hashes of those entries' name@version, so one sent again is not counted again (sync-skipped.ts). */
  skippedKeys: z.array(z.string().max(32)).max(SKIPPED_KEYS_KEPT).optional(),
  /** The last refresh that failed, kept beside the last good data. */
  lastFailure: z.object({ at: z.number(), message: z.string().max(2000) }).optional(),
});
export type Snapshot = Omit<z.infer<typeof SnapshotSchema>, 'entries'> & { entries: CheckedEntry[] };

/** `cache/registries/<hash of the base URL>.json` in the data folder: one file per registry. */
export function snapshotFile(dataDir: string, base: string): string {
  return path.join(dataDir, 'cache', 'registries', `${createHash('sha256').update(base).digest('hex').slice(0, 16)}.json`);
}

/** The snapshot kept for `base`, or undefined when there is none or it is unreadable (a full sync then rebuilds it). */
export async function loadSnapshot(dataDir: string, base: string): Promise<Snapshot | undefined> {
  const read = await readRegularFile(snapshotFile(dataDir, base), MAX_SNAPSHOT_BYTES);
  if (!('bytes' in read)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(read.bytes.toString('utf8'));
  } catch {
    return undefined;
  }
  const parsed = SnapshotSchema.safeParse(json);
  if (!parsed.success || parsed.data.base !== base) return undefined;
  return parsed.data as Snapshot;
}

/** Written atomically (temp file, fsync, rename): a crash leaves the old snapshot or the new one. */
export async function saveSnapshot(dataDir: string, snapshot: Snapshot): Promise<void> {
  const file = snapshotFile(dataDir, snapshot.base);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  await writeFileAtomic(file, JSON.stringify(snapshot));
}
