import { errnoCode, ownerStatus, systemProbe, type ProcessProbe } from '../../fs-safe';
import type { RuntimeInfo } from './runtime-file';

/**
 * Whether the process runtime.json names still runs and is the one that wrote it: after a crash the
 * file stays, and its pid may have gone to another program (the owner record's start time tells them
 * apart on Linux). An address in the file of a process that is gone is no app's: another account may
 * listen on that port by now.
 */
export async function runtimeProcessRuns(info: RuntimeInfo, probe: ProcessProbe = systemProbe): Promise<boolean> {
  if (info.pid === probe.pid) return true;
  try {
    probe.signal0(info.pid);
  } catch (error) {
    // EPERM: it runs, as another account.
    if (errnoCode(error) === 'ESRCH') return false;
  }
  const owner = info.owner;
  return owner?.pid !== info.pid || (await ownerStatus(owner, probe)) !== 'dead';
}
