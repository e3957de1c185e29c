import { join } from 'node:path';
import { CodedError } from '../../../shared/errors';
import { describeOwner, holdLock, provenHolder, systemProbe, type LockOwner } from '../../fs-safe';
import { stopCommand } from './runtime-shown';

/** Held by the app of a data folder (`serve` or the desktop app) from its start until it has stopped. */
export const LIFE_LOCK_FILE = 'app.lock';

/**
 * runtime.json tells commands where the app is, but anyone may delete it while the app runs; this
 * lock is what says a second app must not start beside the first. Rewriting runtime.json when it
 * vanishes was the other way, and leaves a window between the deletion and the rewrite in which a
 * second start finds nothing. A holder killed with -9 leaves the file naming a dead process, which
 * the next start takes over, as one not proven to be the app's (holdLock, electron/fs-safe/file-lock.ts);
 * a live app is waited for 10 s, as it may be stopping: runtime.json goes first, this lock last.
 * Deleted or replaced by hand while the app runs (with runtime.json, nothing else would name it), the
 * lock is written back at once; `lost` hears if a second app took the folder in that moment.
 */
export async function takeLifeLock(dataDir: string, platform: NodeJS.Platform, lost: (error: CodedError) => void = () => undefined): Promise<() => Promise<void>> {
  const lockPath = join(dataDir, LIFE_LOCK_FILE);
  return holdLock(
    lockPath,
    { staleMs: 10_000, timeoutMs: 10_000, label: 'the app of this data folder' },
    (owner) => lifeLockError(owner, lockPath, platform),
    (owner) => lost(lostLifeLockError(owner, lockPath, platform)),
  );
}

/** Another app holds the folder now, beside this one: both write the same files until one stops. */
export function lostLifeLockError(owner: LockOwner, lockPath: string, platform: NodeJS.Platform): CodedError {
  return new CodedError('denied', `Another app took this data folder (${describeOwner(owner, systemProbe)}) after ${lockPath} was removed; two apps now write the same files.`, {
    hint: `Stop that one (${stopCommand(owner.pid, platform)}), then stop this one and start it again.`,
  });
}

/** The refusal: which process holds the folder, and how to stop it in the system's own words. */
export function lifeLockError(owner: LockOwner, lockPath: string, platform: NodeJS.Platform, then = ''): CodedError {
  const here = owner.host === systemProbe.hostname();
  return new CodedError('denied', `The app for this data folder is already running (${describeOwner(owner, systemProbe)}), but runtime.json does not lead to it (removed or replaced, or the app did not answer).`, {
    hint: here
      ? `Stop it (${stopCommand(owner.pid, platform)}) and start it again, which writes runtime.json anew${then}; if no Connected Services process has pid ${owner.pid}, remove ${lockPath}.`
      : `It runs on another computer sharing this folder, which is not supported; if nothing runs there, remove ${lockPath}.`,
  });
}

/**
 * For a command about to open a core of its own, having found no app through runtime.json: an app
 * that holds the folder still runs (its runtime.json deleted, or it did not answer), and a second
 * core beside it would write the same files. Refused, naming its process.
 */
export async function refuseUnreachableApp(dataDir: string, platform: NodeJS.Platform): Promise<void> {
  const lockPath = join(dataDir, LIFE_LOCK_FILE);
  const owner = await provenHolder(lockPath);
  if (owner !== undefined) throw lifeLockError(owner, lockPath, platform, ', then run this command again');
}

/**
 * For a core opened in this process while no app ran (a command, a program's library): an app that
 * started since holds the folder now, and a widening made here would skip the person there.
 */
export async function refuseAppStartedSince(dataDir: string): Promise<void> {
  const owner = await provenHolder(join(dataDir, LIFE_LOCK_FILE));
  if (owner === undefined) return;
  throw new CodedError('denied', `An app now runs for this data folder (pid ${owner.pid}), started after this connection opened without one: a change that widens access is confirmed there, so nothing was changed here`, {
    hint: 'Open again: close this connection and open it anew (openConnectedServices), or run the command again, so it goes through the app',
  });
}
