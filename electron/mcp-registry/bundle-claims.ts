import { mkdir, readdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { DEFAULT_LOCK, LockOwnerSchema, markHeld, ownerRecord, ownerStatus, readTextFile, systemProbe, withFileLock, writeFileAtomic, type LockOwner } from '../fs-safe';

/*
 * An install unpacks (or reuses) a bundle folder well before its entry reaches mcp.json (inputs,
 * secrets, sign-in come between). A removal of another entry of the same bundle in that gap would see
 * the folder unnamed and remove it. So an install claims the folder first, and a prune keeps every
 * folder a live process claims. Claiming and pruning take one lock (`bundles.lock`): a claim made
 * after a prune finds the folder gone and unpacks it again; a prune after a claim keeps it.
 */

const ClaimSchema = z.object({ owner: LockOwnerSchema, folder: z.string().max(300) }).strict();
const MAX_CLAIM_BYTES = 64 * 1024;

// Beside bundles/, not in it: bundles/ holds only unpacked bundles.
const claimsDir = (dataDir: string): string => path.join(dataDir, 'bundle-claims');

/** Runs `fn` holding the lock claims and prunes of `<dataDir>/bundles/` share (across processes). */
export function withBundlesLock<T>(dataDir: string, fn: () => Promise<T>): Promise<T> {
  return withFileLock(path.join(dataDir, 'bundles'), { ...DEFAULT_LOCK, label: 'the bundles folder' }, () => fn());
}

/** The bundle folders live processes have claimed; claims of processes gone are removed. */
export async function claimedFolders(dataDir: string): Promise<Set<string>> {
  const dir = claimsDir(dataDir);
  const claimed = new Set<string>();
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.endsWith('.json'))) {
    const file = path.join(dir, name);
    let parsed: z.infer<typeof ClaimSchema> | undefined;
    try {
      parsed = ClaimSchema.parse(JSON.parse(await readTextFile(file, MAX_CLAIM_BYTES)));
    } catch {
      // Unreadable: kept as a claim of every folder would block pruning for ever; a half-written claim
      // is not possible (written atomically), so this is a file not of our making.
      continue;
    }
    if ((await ownerStatus(parsed.owner, systemProbe)) === 'dead') await unlink(file).catch(() => undefined);
    else claimed.add(parsed.folder);
  }
  return claimed;
}

/** The bundle folders one install has claimed, held until its entry is written (or it gave up). */
export class BundleClaim {
  readonly #dataDir: string;
  readonly #files: string[] = [];
  #owner: LockOwner | undefined;

  constructor(dataDir: string) {
    this.#dataDir = dataDir;
  }

  /** Claims `folder` (a name under bundles/) before it is unpacked or reused. */
  async take(folder: string): Promise<void> {
    const owner = (this.#owner ??= await ownerRecord(systemProbe, new Date()));
    markHeld(owner, true);
    await withBundlesLock(this.#dataDir, async () => {
      await mkdir(claimsDir(this.#dataDir), { recursive: true, mode: 0o700 });
      const file = path.join(claimsDir(this.#dataDir), `${randomUUID()}.json`);
      await writeFileAtomic(file, JSON.stringify({ owner, folder }), { mode: 0o600 });
      this.#files.push(file);
    });
  }

  /** Lets the folders go: call once the entry naming them is in mcp.json, or the install failed. */
  async release(): Promise<void> {
    for (const file of this.#files.splice(0)) await unlink(file).catch(() => undefined);
    if (this.#owner !== undefined) markHeld(this.#owner, false);
  }
}
