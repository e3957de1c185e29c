import { lstat, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { claimedFolders, withBundlesLock } from './bundle-claims';

/** A folder unpackBundle made: `ID@VERSION-<full SHA-256>` (install-derive.ts). Any other is never ours to remove. */
const BUNDLE_FOLDER = /^[A-Za-z0-9._@-]{1,150}-[0-9a-f]{64}$/;

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(strings);
  return [];
}

/** The names of the bundle folders under `<dataDir>/bundles/` that an entry runs from (its command, args, env or cwd name them). */
export function bundleFoldersOf(dataDir: string, entry: unknown): string[] {
  const root = path.join(dataDir, 'bundles') + path.sep;
  const found = new Set<string>();
  for (const text of strings(entry)) {
    for (let at = text.indexOf(root); at >= 0; at = text.indexOf(root, at + 1)) {
      const name = text.slice(at + root.length).split(/[\\/]/)[0] ?? '';
      if (BUNDLE_FOLDER.test(name)) found.add(name);
    }
  }
  return [...found];
}

/**
 * Removes the bundle folders of a removed entry that no entry names any more. `readInUse` gives the
 * text of every entry left (mcp.json as written, entries skipped as invalid included, and those
 * declared in code): a folder named anywhere in it is kept, and so is one an install in flight has
 * claimed (bundle-claims.ts). It is read under the lock claims take, so an install that claimed the
 * folder first keeps it and one that claims it after finds it gone and unpacks it again. Only folders
 * with our SHA-256 naming, never a link. Returns the folders removed.
 */
export async function pruneBundleFolders(dataDir: string, removedEntry: unknown, readInUse: () => Promise<string>): Promise<string[]> {
  const names = bundleFoldersOf(dataDir, removedEntry);
  if (names.length === 0) return [];
  return withBundlesLock(dataDir, async () => {
    const inUse = await readInUse();
    const claimed = await claimedFolders(dataDir);
    const removed: string[] = [];
    for (const name of names) {
      if (inUse.includes(name) || claimed.has(name)) continue;
      const folder = path.join(dataDir, 'bundles', name);
      const info = await lstat(folder).catch(() => undefined);
      if (!info?.isDirectory()) continue;
      await rm(folder, { recursive: true, force: true });
      removed.push(name);
    }
    return removed;
  });
}

/** A bundle folder no entry names: its name and the bytes of its files. */
export interface OrphanedBundle {
  name: string;
  bytes: number;
}

async function sizeOf(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true }).catch(() => [])) {
    const full = path.join(folder, entry.name);
    // Links are not followed: what a folder of ours takes, not what it points at.
    if (entry.isDirectory()) total += await sizeOf(full);
    else total += (await lstat(full).catch(() => undefined))?.size ?? 0;
  }
  return total;
}

/**
 * The folders under bundles/ that no entry names (bundles installed before removals pruned, or by a
 * removal that could not read mcp.json), with their sizes; `remove` removes them. `readInUse` and the
 * claims of installs in flight are read under the bundles' lock, as pruneBundleFolders reads them.
 */
export async function orphanedBundles(dataDir: string, readInUse: () => Promise<string>, remove = false): Promise<OrphanedBundle[]> {
  const root = path.join(dataDir, 'bundles');
  return withBundlesLock(dataDir, async () => {
    const inUse = await readInUse();
    const claimed = await claimedFolders(dataDir);
    const found: OrphanedBundle[] = [];
    for (const name of (await readdir(root).catch(() => [] as string[])).sort()) {
      if (!BUNDLE_FOLDER.test(name) || inUse.includes(name) || claimed.has(name)) continue;
      const folder = path.join(root, name);
      if (!(await lstat(folder).catch(() => undefined))?.isDirectory()) continue;
      found.push({ name, bytes: await sizeOf(folder) });
      if (remove) await rm(folder, { recursive: true, force: true });
    }
    return found;
  });
}
