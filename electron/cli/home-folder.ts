import { mkdir, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { CodedError } from '../../shared/errors';
import { errnoCode, fsFailure } from '../fs-safe';

/** Whether something is at `path`; a file where a folder of it should be counts (ensureDataDir says so). */
async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    (error: unknown) => {
      const code = errnoCode(error);
      if (code === 'ENOTDIR') return true;
      if (code === 'ENOENT') return false;
      throw error;
    },
  );
}

/**
 * `--home` or CONNECTED_SERVICES_HOME names a folder the person typed: a missing one is made when the
 * folder above it exists (a new data folder, said once, on stderr), and refused when that is missing
 * too, as a typo most likely is, instead of quietly starting an empty data folder in a new tree.
 * `by` is what named it, as the person wrote it. A file in its place, or its permissions, are the
 * data folder's own checks (ensureDataDir).
 */
export async function prepareHomeFolder(home: string, note: (line: string) => void, by = '--home'): Promise<void> {
  const dir = resolve(home);
  if (await exists(dir)) return;
  const parent = dirname(dir);
  if (!(await exists(parent))) {
    throw new CodedError('invalid_input', `${by} ${dir}: neither that folder nor the folder above it (${parent}) exists`, {
      hint: `Check the path for a typo; to start a new data folder there, create ${parent} first (mkdir -p '${parent}')`,
    });
  }
  await mkdir(dir, { mode: 0o700 }).catch((error: unknown) => {
    // Made meanwhile by another command: as good as ours.
    if (errnoCode(error) !== 'EEXIST') throw fsFailure(error, 'create the data folder', dir);
  });
  note(`note: created a new, empty data folder at ${dir} (${by} named a folder that did not exist)`);
}
