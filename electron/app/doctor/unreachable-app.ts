import { join } from 'node:path';
import type { DoctorCheck } from '../../../shared/api';
import { describeOwner, provenHolder, systemProbe } from '../../fs-safe';
import { LIFE_LOCK_FILE, lifeLockError } from '../lifecycle/life-lock';

/**
 * For `doctor` having found no app through runtime.json: an app that still holds the folder (app.lock)
 * is the finding itself, said as a failed check instead of the refusal every other command gives. The
 * other checks are not run: they need a core, and a second one beside the app would write its files.
 */
export async function unreachableAppCheck(dataDir: string, platform: NodeJS.Platform): Promise<DoctorCheck | undefined> {
  const lockPath = join(dataDir, LIFE_LOCK_FILE);
  const owner = await provenHolder(lockPath);
  if (owner === undefined) return undefined;
  return {
    id: 'app',
    title: 'App',
    status: 'fail',
    detail: `an app runs (${describeOwner(owner, systemProbe)}) but runtime.json does not lead to it (removed or replaced, or the app did not answer); the other checks run once it is reached`,
    fix: lifeLockError(owner, lockPath, platform, ', then run doctor again').hint ?? `Stop the app holding ${lockPath} and start it again`,
  };
}
