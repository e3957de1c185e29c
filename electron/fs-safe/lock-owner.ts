import { randomUUID } from 'node:crypto';
import { open } from 'node:fs/promises';
import { hostname } from 'node:os';
import { z } from 'zod';
import { errnoCode } from './fs-errors';

/**
 * What a lock file holds: who took it. `boot` and `start` (Linux) tell a reused pid apart from the
 * owner: the same pid after a reboot, or a new process that got the dead owner's pid.
 */
export const LockOwnerSchema = z.object({
  v: z.literal(1),
  pid: z.number().int().positive(),
  host: z.string(),
  nonce: z.string().min(8),
  boot: z.string().optional(),
  start: z.string().optional(),
  since: z.string(),
});
/** An owner record is a few hundred bytes; a lock or owner file larger than this is not one of ours. */
export const MAX_OWNER_BYTES = 64 * 1024;
export type LockOwner = z.infer<typeof LockOwnerSchema>;

/** How this machine's processes are looked at; a parameter so the decision is tested without processes. */
export interface ProcessProbe {
  hostname(): string;
  pid: number;
  /** `process.kill(pid, 0)`: throws ESRCH when no such process exists, EPERM when it belongs to another user. */
  signal0(pid: number): void;
  /** Linux: boot id of the running kernel; undefined elsewhere. */
  bootId(): Promise<string | undefined>;
  /** Linux: start time and state of a process from /proc/<pid>/stat; undefined when not readable. */
  processStat(pid: number): Promise<{ start: string; state: string } | undefined>;
}

/** A stat line (some fifty numbers and a 16-byte name) and a boot id fit; fs's readFile would take 64 KiB for a /proc file. */
const PROC_LINE_BYTES = 1024;

/** The first line-sized part of a /proc file, trimmed, read without blocking; undefined when unreadable. */
export async function readProcLine(file: string): Promise<string | undefined> {
  let handle;
  try {
    handle = await open(file, 'r');
  } catch {
    return undefined;
  }
  try {
    const buffer = Buffer.allocUnsafe(PROC_LINE_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
    return buffer.toString('latin1', 0, bytesRead).trim();
  } catch {
    return undefined;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

/** Fields of /proc/<pid>/stat after the command name, which may itself hold spaces and parentheses. */
export function parseProcStat(text: string): { start: string; state: string } | undefined {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // proc(5): field 3 is the state, field 22 the start time in clock ticks since boot.
  const state = fields[0];
  const start = fields[19];
  return state && start ? { start, state } : undefined;
}

/**
 * The running kernel's boot id cannot change while this process runs, so a read that found it is kept
 * for the process's life. A failed one (EMFILE, a moment without /proc) is not: kept, it would judge
 * every later owner without the boot check, or write owner records without a boot.
 */
export function bootIdOnce(read: () => Promise<string | undefined>): () => Promise<string | undefined> {
  let kept: Promise<string | undefined> | undefined;
  return () => {
    if (kept !== undefined) return kept;
    const attempt = read().then(
      (boot) => (boot === '' ? undefined : boot),
      () => undefined,
    );
    kept = attempt;
    void attempt.then((boot) => {
      if (boot === undefined && kept === attempt) kept = undefined;
    });
    return attempt;
  };
}

const bootIdRead = bootIdOnce(() => readProcLine('/proc/sys/kernel/random/boot_id'));

/** This computer's processes, read from /proc without blocking the event loop (locks are taken on it). */
export const systemProbe: ProcessProbe = {
  hostname,
  pid: process.pid,
  signal0: (pid) => void process.kill(pid, 0),
  bootId: () => (process.platform === 'linux' ? bootIdRead() : Promise.resolve(undefined)),
  processStat: async (pid) => {
    if (process.platform !== 'linux') return undefined;
    const text = await readProcLine(`/proc/${pid}/stat`);
    return text === undefined ? undefined : parseProcStat(text);
  },
};

/** Nonces of the locks this process holds now: a record with our pid and another nonce is a past incarnation's. */
const heldHere = new Set<string>();

export async function ownerRecord(probe: ProcessProbe, now: Date): Promise<LockOwner> {
  const [boot, stat] = await Promise.all([probe.bootId(), probe.processStat(probe.pid)]);
  const start = stat?.start;
  return {
    v: 1,
    pid: probe.pid,
    host: probe.hostname(),
    nonce: randomUUID(),
    ...(boot === undefined ? {} : { boot }),
    ...(start === undefined ? {} : { start }),
    since: now.toISOString(),
  };
}

export function markHeld(owner: LockOwner, held: boolean): void {
  if (held) heldHere.add(owner.nonce);
  else heldHere.delete(owner.nonce);
}

/**
 * `alive`: the owner runs (even stopped: SIGSTOP, Ctrl-Z, a suspended laptop), so its lock is kept.
 * `dead`: the owner is gone, its lock may be taken at once. `elsewhere`: another host; its processes
 * cannot be looked at, so the lock is kept (a data folder shared over NFS is not supported).
 */
export async function ownerStatus(owner: LockOwner, probe: ProcessProbe): Promise<'alive' | 'dead' | 'elsewhere'> {
  if (owner.host !== probe.hostname()) return 'elsewhere';
  const boot = await probe.bootId();
  if (owner.boot !== undefined && boot !== undefined && owner.boot !== boot) return 'dead';
  if (owner.pid === probe.pid) return heldHere.has(owner.nonce) ? 'alive' : 'dead';
  try {
    probe.signal0(owner.pid);
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    if (errnoCode(error) === 'ESRCH') return 'dead';
  }
  const stat = await probe.processStat(owner.pid);
  if (stat === undefined) return 'alive';
  // A zombie has exited and only waits for its parent to reap it.
  if (stat.state === 'Z' || stat.state === 'X') return 'dead';
  if (owner.start !== undefined && stat.start !== owner.start) return 'dead';
  return 'alive';
}

/**
 * Whether `owner` is provably the process that wrote the record: alive on this host with the start
 * time it recorded (Linux), or this process holding it. A record without a start time (other systems)
 * names only a pid, which any process may have taken since a crash.
 */
export async function ownerProven(owner: LockOwner, probe: ProcessProbe): Promise<boolean> {
  if ((await ownerStatus(owner, probe)) !== 'alive') return false;
  if (owner.pid === probe.pid) return true;
  if (owner.start === undefined) return false;
  return (await probe.processStat(owner.pid))?.start === owner.start;
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * An owner's `since` as it may be shown, or undefined: another process wrote it, so only the time
 * `ownerRecord` writes (`toISOString`, a real date) is quoted, never text of any length or line.
 */
export function shownSince(since: string): string | undefined {
  if (!ISO_TIME.test(since)) return undefined;
  const time = Date.parse(since);
  return Number.isNaN(time) || new Date(time).toISOString() !== since ? undefined : since;
}

/** A host name as os.hostname() gives one (RFC 1123 §2.1 letters, digits, hyphens and dots); anything else is not quoted. */
const HOST_NAME = /^[A-Za-z0-9][A-Za-z0-9.-]{0,252}$/;

/** For messages: "pid 123 on host-a, since …"; what another process wrote is quoted only in the form ours writes. */
export function describeOwner(owner: LockOwner, probe: ProcessProbe): string {
  const where = owner.host === probe.hostname() ? '' : HOST_NAME.test(owner.host) ? ` on ${owner.host}` : ' on another host';
  const since = shownSince(owner.since);
  return `pid ${owner.pid}${where}${since === undefined ? '' : `, since ${since}`}`;
}
