import { join } from 'node:path';
import { type CodedError } from '../../../shared/errors';
import { systemProbe, withFileLock, type ProcessProbe } from '../../fs-safe';
import { ensureDataDir } from '../../registry';
import { takeLifeLock } from './life-lock';
import { readRuntimeFile, RUNTIME_FILE, type RuntimeInfo } from './runtime-file';
import { shownRuntime } from './runtime-shown';
import { BUSY_APP_WAIT_MS, busyAppError, runningSilentApp } from './busy-app';

export interface LiveAppOptions {
  fetch?: typeof fetch;
  timeoutMs?: number;
}

/**
 * The app already running for this data directory: runtime.json names a live pid, and its App API
 * accepts the secret stored there (a reused pid or a stale file does not count).
 */
export async function findLiveApp(dataDir: string, options: LiveAppOptions = {}): Promise<RuntimeInfo | undefined> {
  return appAnswering(await readRuntimeFile(dataDir), options);
}

/** The app runtime.json names (as read), when its App API accepts the secret stored there. */
export async function appAnswering(info: RuntimeInfo | undefined, options: LiveAppOptions = {}): Promise<RuntimeInfo | undefined> {
  // Any local program may write runtime.json: the secret in it goes only to 127.0.0.1 as the app writes it, never off the machine.
  const origin = info === undefined ? undefined : shownRuntime(info).origin;
  if (!info || origin === undefined) return undefined;
  try {
    const response = await (options.fetch ?? fetch)(`${origin}/api/bridgeInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${info.secret}` },
      body: '{}',
      signal: AbortSignal.timeout(options.timeoutMs ?? 2000),
    });
    await response.body?.cancel();
    return response.ok ? info : undefined;
  } catch {
    return undefined;
  }
}

/** How long a second start waits for a first one's start-up (servers spawned, ports bound, a passphrase typed) to finish. */
const START_LOCK = { staleMs: 10_000, timeoutMs: 120_000, label: 'the start of the app for this data directory' };

/**
 * One start at a time per data folder, from the check for a running app to runtime.json naming
 * this one: `serve` and the desktop app both start through here, as two started together (a
 * service manager and a double click, the app and `serve`) would both find none and both run, one
 * bridge and watcher each on one folder. `start` must write runtime.json before it returns;
 * `locked` runs once the lock is ours, before the check (serve listens for Ctrl-C from there).
 * The app started keeps the folder's life lock (life-lock.ts) until it calls `unlock`, after its
 * core has closed: a second start is refused while it runs even if runtime.json is deleted; `lost`
 * hears if another app takes the folder all the same (its lock removed by hand at that moment).
 */
export async function startOnce<T>(
  dataDir: string,
  start: () => Promise<T>,
  hooks: { locked?: () => void; live?: LiveAppOptions; probe?: ProcessProbe; platform?: NodeJS.Platform; lost?: (error: CodedError) => void } = {},
): Promise<{ live: RuntimeInfo } | { started: T; unlock: () => Promise<void> }> {
  await ensureDataDir(dataDir);
  return withFileLock(join(dataDir, RUNTIME_FILE), START_LOCK, async () => {
    hooks.locked?.();
    const platform = hooks.platform ?? process.platform;
    const live = await findLiveAppPatiently(dataDir, hooks.live, hooks.probe, (silent, waitedMs) => busyAppError(silent, waitedMs, platform, 'start it again'));
    if (live) return { live };
    const unlock = await takeLifeLock(dataDir, platform, hooks.lost);
    try {
      return { started: await start(), unlock };
    } catch (error) {
      await unlock();
      throw error;
    }
  });
}

/**
 * The app runtime.json names, waited for longer when it does not answer at once but provably runs
 * (busy under load, its start-up, or stopped): such an app is not gone. `silent` makes the refusal
 * when even the longer wait finds no answer; without it, undefined is returned as for no app.
 */
export async function findLiveAppPatiently(
  dataDir: string,
  options: LiveAppOptions = {},
  probe: ProcessProbe = systemProbe,
  silent?: (info: RuntimeInfo, waitedMs: number) => CodedError,
): Promise<RuntimeInfo | undefined> {
  const began = Date.now();
  const live = await findLiveApp(dataDir, options);
  if (live) return live;
  const running = await runningSilentApp(dataDir, probe);
  if (running === undefined) return undefined;
  const waitMs = Math.max(options.timeoutMs ?? 2000, BUSY_APP_WAIT_MS);
  const answered = await appAnswering(running, { ...options, timeoutMs: waitMs });
  if (answered || silent === undefined) return answered;
  // As long as it was asked: an app that refused the connection at once was not waited for.
  throw silent(running, Date.now() - began);
}
