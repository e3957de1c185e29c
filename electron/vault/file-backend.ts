import path from 'node:path';
import { CodedError } from '../../shared/errors';
import type { CorruptFile } from '../../shared/vault';
import type { Backend, UpdateResult } from './backend';
import { fsFailure, removeStaleTemps, withFileLock, writeFileAtomic, type LockOptions as FileLockOptions } from '../fs-safe';
import { assertPrivateFile, checkDir, ensurePrivateDir } from './permissions';
import { CorruptVaultError, type Sealer } from './sealer';
import {
  listSetAside,
  moveAside,
  openExisting,
  sameStamp,
  stampOf,
  statStamp,
  type FileStamp,
} from './vault-file';

export interface FileBackendOptions {
  file: string;
  sealer: Sealer;
  platform: NodeJS.Platform;
  lock: FileLockOptions;
  now: () => number;
  /** Called after this process moved an unreadable file aside; `restored`: the entries it wrote back from memory. */
  onSetAside: (file: CorruptFile, reason: string, restored?: number) => void;
}

type ReadResult =
  | { kind: 'absent' }
  | { kind: 'same' }
  | { kind: 'ok'; entries: Map<string, string>; stamp: FileStamp }
  | { kind: 'corrupt'; reason: string };

/**
 * One file, shared by every process: reads need no lock (writes are atomic renames) and re-read only
 * when the file's identity (inode, size, mtime, ctime) changed; writes lock, re-read, write, unlock.
 */
export function createFileBackend(options: FileBackendOptions): Backend {
  const { file, sealer, platform } = options;
  const dir = path.dirname(file);
  /** undefined: never read; null: no file. */
  let stamp: FileStamp | null | undefined;
  let entries = new Map<string, string>();
  /** Whether the file was there at the last look, readable or not. */
  let present = false;

  async function read(force: boolean): Promise<ReadResult> {
    // Changed only once known: health() is read while a read (a slow key derivation) is under way.
    if (!(await checkDir(dir, platform))) {
      present = false;
      return { kind: 'absent' };
    }
    const opened = await openExisting(file);
    present = opened !== null;
    if (!opened) return { kind: 'absent' };
    try {
      assertPrivateFile(file, Number(opened.info.mode), platform);
      const current = stampOf(opened.info);
      if (!force && sameStamp(stamp, current)) return { kind: 'same' };
      const bytes = await opened.handle.readFile();
      try {
        return { kind: 'ok', entries: await sealer.open(bytes), stamp: current };
      } catch (error) {
        if (error instanceof CorruptVaultError) return { kind: 'corrupt', reason: error.reason };
        throw error;
      }
    } finally {
      await opened.handle.close();
    }
  }

  async function setAside(): Promise<CorruptFile> {
    const moved = await moveAside(file, options.now());
    present = false;
    return moved;
  }

  async function write(next: Map<string, string>, assertHeld: () => void): Promise<void> {
    const bytes = await sealer.seal(next);
    await removeStaleTemps(file);
    await writeFileAtomic(file, bytes, { beforeRename: assertHeld }).catch((error: unknown) => {
      throw fsFailure(error, 'write', file);
    });
    stamp = await statStamp(file);
    entries = next;
    present = true;
  }

  /**
   * Under the lock: the current entries, an unreadable file moved aside first. Always a full read: on
   * a file system with coarse timestamps a reused inode could make another writer's file look unchanged.
   * Moved aside, the file is written again from what this process last read or wrote of it, if it
   * did (the corrupt file is kept); `writing` without that copy is refused rather than started empty.
   */
  async function readLocked(assertHeld: () => void, writing: boolean): Promise<Map<string, string>> {
    const result = await read(true);
    switch (result.kind) {
      case 'same': // not returned when forced; kept correct anyway
        return new Map(entries);
      case 'ok':
        stamp = result.stamp;
        entries = result.entries;
        return new Map(entries);
      case 'corrupt': {
        const held = stamp ? new Map(entries) : undefined;
        const moved = await setAside();
        if (held) {
          await write(held, assertHeld);
          options.onSetAside(moved, result.reason, held.size);
          return new Map(held);
        }
        options.onSetAside(moved, result.reason);
        stamp = null;
        entries = new Map();
        if (writing) throw unreadableRefusal(moved, result.reason);
        return new Map();
      }
      case 'absent':
        break;
    }
    stamp = null;
    entries = new Map();
    return new Map();
  }

  return {
    file,

    async sync() {
      const result = await read(false);
      if (result.kind === 'same') return undefined;
      if (result.kind === 'absent') {
        if (stamp === null) return undefined;
        stamp = null;
        entries = new Map();
        return entries;
      }
      if (result.kind === 'ok') {
        stamp = result.stamp;
        entries = result.entries;
        return entries;
      }
      // Checked again under the lock: the file may have been replaced since, and must not be moved then.
      return withFileLock(file, { ...options.lock, label: 'the vault' }, (assertHeld) => readLocked(assertHeld, false));
    },

    async update(mutate): Promise<UpdateResult> {
      await ensurePrivateDir(dir, platform);
      return withFileLock(file, { ...options.lock, label: 'the vault' }, async (assertHeld) => {
        const before = await readLocked(assertHeld, true);
        const after = new Map(before);
        if (mutate(after)) await write(after, assertHeld);
        return { before, after };
      });
    },

    setAside: () => listSetAside(file),
    fileExists: () => present,
    describe: () => sealer.describe(),
    ready: () => (present ? Promise.resolve() : (sealer.ready?.() ?? Promise.resolve())),
  };
}

/** A write that found the file unreadable with no good copy in memory: said, and not made. */
function unreadableRefusal(moved: CorruptFile, reason: string): CodedError {
  return new CodedError(
    'invalid_config',
    `The vault file was unreadable (${reason}) and was moved aside to ${moved.path}; this process held no copy of its secrets to write back, so nothing was stored.`,
    {
      hint: `Run the command again to start a new vault, then re-enter the secrets it held; keep ${moved.path} until you have.`,
      data: { corruptFile: moved.path },
    },
  );
}
