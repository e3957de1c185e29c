import { unlink } from 'node:fs/promises';
import { ownerStatus, systemProbe } from '../fs-safe';
import { endRun, nameOf, RunWatch, type RunKind } from '../proc-env';
import { readRunRecords } from './run-ledger';
import { describePids, unprovenLine } from './server-run';

/** What a start stopped of one earlier run, for the admin audit log: each process with its program name. */
export interface LeftoverReport {
  /** The server's name, or the store's whose program it is (`kind`). */
  server: string;
  kind: RunKind;
  stopped: { pid: number; name: string }[];
  /** Carrying the run's mark without a proof: left running. */
  leftRunning: { pid: number; name: string }[];
}

/** Processes listed in one report; the rest are counted in its summary. */
const LISTED = 50;

async function named(pids: readonly number[]): Promise<{ pid: number; name: string }[]> {
  return Promise.all(pids.slice(0, LISTED).map(async (pid) => ({ pid, name: await nameOf(pid) })));
}

/** A recorded name as a log prefix: the record is a file, so anything but a plain name is shown as such. */
function prefixOf(name: string, kind: RunKind): string {
  if (kind === 'store') return /^[\w.@-]{1,100}$/.test(name) ? `[store ${name}]` : '[a store]';
  return /^[\w.@-]{1,100}$/.test(name) ? `[${name}]` : '[a server]';
}

/**
 * Stops what stdio servers and stores' programs of an app process that is gone (it crashed, or was killed) left running:
 * for each of its run records (run-ledger.ts), the processes still running with a recorded pid and
 * start time, and what those started (RunWatch.resume); each stop is logged. A process carrying the
 * run's mark without that proof is left running and logged; so is every record of a process still
 * running (another window of the app, a CLI command). Each run something was found of is reported. Linux only.
 */
export async function stopLeftoverRuns(
  dir: string,
  graceMs: number,
  log: (line: string) => void,
  report: (found: LeftoverReport) => void = () => undefined,
  platform: NodeJS.Platform = process.platform,
): Promise<void> {
  if (platform !== 'linux') return;
  const { records, bad } = await readRunRecords(dir);
  for (const reason of bad) log(`a file in ${dir} is not a run record of ours and was left as it is (${reason})`);
  for (const { file, record } of records) {
    if ((await ownerStatus(record.owner, systemProbe)) !== 'dead') continue;
    const kind = record.kind ?? 'server';
    const prefix = prefixOf(record.server, kind);
    const what = kind === 'store' ? 'secret store program' : 'server';
    // A store's program keeps its daemons (gpg-agent) as it does at a clean end (docs/configuration.md, "Child processes").
    const daemons = kind === 'store' ? 'keep' : 'end';
    // Another boot's record: nothing of that run can be running.
    const watch = record.owner.boot === (await systemProbe.bootId()) ? await RunWatch.resume(record.members, record.mark) : undefined;
    if (watch !== undefined) {
      const left = await watch.survivors(daemons);
      const stopped = await named(left.map((stat) => stat.pid));
      if (left.length > 0) {
        log(`${prefix} stopping ${await describePids(left.map((stat) => stat.pid))}, left running by this ${what} when the app ended without stopping it`);
        await endRun(undefined, watch, { graceMs, platform, daemons });
      }
      const unproven = watch.unproven();
      if (unproven.length > 0) log(`${prefix} ${await unprovenLine(unproven, what)}`);
      if (left.length > 0 || unproven.length > 0) report({ server: record.server, kind, stopped, leftRunning: await named(unproven.map((u) => u.pid)) });
    }
    await unlink(file).catch(() => undefined);
  }
}
