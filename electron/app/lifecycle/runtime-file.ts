import { randomBytes } from 'node:crypto';
import { chmodSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { fsFailure, LockOwnerSchema, ownerRecord, readTextFile, systemProbe, writeFileAtomic } from '../../fs-safe';

export const RUNTIME_FILE = 'runtime.json';

/** How CLI commands find the running app of a data directory (approvals are decided there). */
export const RuntimeInfoSchema = z.object({
  // 0 and below name a process group or every process (kill(2)): a probe of them says "alive".
  pid: z.number().int().positive(),
  /** The App API origin (`http://127.0.0.1:<port>`). */
  origin: z.string(),
  /**
   * The command line's credential (never the web UI's secret): calls made with it are the CLI's, and
   * those that widen access wait for the person in the app. 0600 in a 0700 folder, like the vault.
   */
  secret: z.string(),
  bridge: z.string().nullable(),
  startedAt: z.number(),
  /** Which process this is (Linux: boot id and start time), so a reused pid is told from the app. */
  owner: LockOwnerSchema.optional(),
});
export type RuntimeInfo = z.infer<typeof RuntimeInfoSchema>;

/**
 * Replaces runtime.json at once (temp file, rename), without fsync and without waiting on the I/O
 * threads: the file describes this live process, so after a crash or power loss it is stale anyway
 * (readers check the pid), and a start-up's ready line does not queue behind the inventory caches
 * being read (docs/how-it-is-built.md).
 */
function replaceNow(file: string, text: string): void {
  const temp = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  try {
    writeFileSync(temp, text, { mode: 0o600, flag: 'wx' });
    // The umask can only remove bits, but a pre-set umask of 0 must not widen anything either.
    if (process.platform !== 'win32') chmodSync(temp, 0o600);
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

export async function writeRuntimeFile(dataDir: string, info: RuntimeInfo): Promise<() => Promise<void>> {
  const file = join(dataDir, RUNTIME_FILE);
  const text = JSON.stringify({ ...info, owner: info.owner ?? (await ownerRecord(systemProbe, new Date())) });
  try {
    replaceNow(file, text);
  } catch {
    // A rename refused for a moment (Windows: an indexer holds the file): the careful writer retries.
    // A folder that is not writable is the person's to fix: say so, not a bare EACCES.
    await writeFileAtomic(file, text).catch((error: unknown) => {
      throw fsFailure(error, 'write', file);
    });
  }
  return async () => {
    // Only our own: a newer run may have replaced it.
    const current = await readRuntimeFile(dataDir);
    if (current?.pid === info.pid) await rm(file, { force: true });
  };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The running app's info, or undefined when none runs (a stale file of a dead process counts as none). */
export async function readRuntimeFile(dataDir: string): Promise<RuntimeInfo | undefined> {
  const info = await readWrittenRuntimeFile(dataDir);
  return info !== undefined && alive(info.pid) ? info : undefined;
}

/** runtime.json as written, whether or not its process still runs; undefined when there is none of our shape. */
export async function readWrittenRuntimeFile(dataDir: string): Promise<RuntimeInfo | undefined> {
  let text: string;
  try {
    // A few hundred bytes as written; a FIFO or a big file put in its place is no running app.
    text = await readTextFile(join(dataDir, RUNTIME_FILE), 64 * 1024);
  } catch {
    return undefined;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = RuntimeInfoSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
