import { mkdir, readFile, rm } from 'node:fs/promises';
import { writeFileAtomic } from '../fs-safe';
import { join } from 'node:path';
import { CachedInventorySchema, type CachedInventory } from './inventory';

export function cacheFile(dir: string, server: string): string {
  return join(dir, `${server}.json`);
}

export type CacheRead = { ok: true; cache: CachedInventory } | { ok: false; reason: string };

/** A missing, unreadable or invalid cache is reported and treated as absent: it is only a cache. */
export async function readCache(dir: string, server: string): Promise<CacheRead> {
  let text: string;
  try {
    text = await readFile(cacheFile(dir, server), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === 'ENOENT' ? 'missing' : `unreadable (${code ?? 'error'})` };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  }
  const parsed = CachedInventorySchema.safeParse(raw);
  if (!parsed.success) return { ok: false, reason: `invalid (${parsed.error.issues[0]?.message ?? 'schema'})` };
  if (parsed.data.server !== server) return { ok: false, reason: `belongs to "${parsed.data.server}"` };
  return { ok: true, cache: parsed.data };
}

/** Atomic, so a reader (another process's listing) never sees half a file. */
export async function writeCache(dir: string, cache: CachedInventory): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeFileAtomic(cacheFile(dir, cache.server), `${JSON.stringify(cache, null, 2)}\n`);
}

export async function deleteCache(dir: string, server: string): Promise<void> {
  await rm(cacheFile(dir, server), { force: true });
}
