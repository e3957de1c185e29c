import { CodedError } from '../../../shared/errors';
import { ownerStatus, shownSince, systemProbe, type ProcessProbe } from '../../fs-safe';
import { readRuntimeFile, type RuntimeInfo } from './runtime-file';
import { shownRuntime, stopCommand } from './runtime-shown';

/** How long an app found running (it did not answer the first 2 s) is waited for: busy, not gone. */
export const BUSY_APP_WAIT_MS = 10_000;

/**
 * runtime.json's app when its process is provably the one that wrote it (its start time, not only its
 * pid) and still runs: an app that did not answer is then busy or stopped, never gone.
 */
export async function runningSilentApp(dataDir: string, probe: ProcessProbe = systemProbe): Promise<RuntimeInfo | undefined> {
  const info = await readRuntimeFile(dataDir);
  const owner = info?.owner;
  if (!info || owner?.pid !== info.pid || owner.start === undefined) return undefined;
  return (await ownerStatus(owner, probe)) === 'alive' ? info : undefined;
}

/**
 * The refusal for an app that runs but did not answer: most often busy (its start-up, a load, a
 * suspended laptop) or stopped, so the advice is to wait and look, and to stop it only if it never
 * answers. `since` as runtime.json says it, quoted only in the form the app writes.
 */
export function busyAppError(info: Pick<RuntimeInfo, 'pid' | 'origin' | 'bridge'> & { owner?: { since: string } | undefined }, waitedMs: number, platform: NodeJS.Platform, then: string): CodedError {
  const { pid, origin } = shownRuntime(info);
  const shown = info.owner === undefined ? undefined : shownSince(info.owner.since);
  const named = `pid ${pid === undefined ? '(not named in a usable form)' : String(pid)}${shown === undefined ? '' : `, since ${shown}`}`;
  const seconds = Math.round(waitedMs / 1000);
  const alive = [
    ...(origin === undefined ? [] : [`\`curl ${origin}/health\` answers {"ok":true} when it answers again`]),
    ...(pid === undefined || platform === 'win32' ? [] : [`\`ps -o stat= -p ${String(pid)}\` shows T if it is stopped (\`kill -CONT ${String(pid)}\` resumes it)`]),
  ];
  return new CodedError('timeout', `The app for this data folder is already running (${named}) but did not answer${seconds >= 1 ? ` within ${seconds} s` : ''}: it may be busy (starting its servers, under load) or stopped.`, {
    hint:
      `Wait a moment, then ${then}.` +
      (alive.length > 0 ? ` To see whether it is alive: ${alive.join('; ')}.` : '') +
      (pid === undefined ? '' : ` Stop it (${stopCommand(pid, platform)}) only if it never answers.`),
  });
}
