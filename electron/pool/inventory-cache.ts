import { mkdir, rm } from 'node:fs/promises';
import { checkedIn, readJsonFile, writeFileAtomic } from '../fs-safe';
import { join } from 'node:path';
import { CACHE_VERSION, CachedInventorySchema, type CachedInventory } from './inventory';
import { withTitlesCut } from './tool-titles';

export function cacheFile(dir: string, server: string): string {
  return join(dir, `${server}.json`);
}

export type CacheRead = { ok: true; cache: CachedInventory } | { ok: false; reason: string };

/** A missing, unreadable or invalid cache is reported and treated as absent: it is only a cache. */
export async function readCache(dir: string, server: string): Promise<CacheRead> {
  const read = await readJsonFile(cacheFile(dir, server), CachedInventorySchema, server, checkedIn(dir, `inventory v${CACHE_VERSION}`));
  if (!read.ok) return read;
  // A cache written before titles were cut at listing holds them whole.
  return { ok: true, cache: { ...read.value, tools: read.value.tools.map(withTitlesCut) } };
}

/** Atomic, so a reader (another process's listing) never sees half a file. */
export async function writeCache(dir: string, cache: CachedInventory): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFileAtomic(cacheFile(dir, cache.server), `${JSON.stringify(cache, null, 2)}\n`);
}

export async function deleteCache(dir: string, server: string): Promise<void> {
  await rm(cacheFile(dir, server), { force: true });
}
