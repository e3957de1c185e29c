import { CodedError, errorMessage, type ErrorCode } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { errnoCode, fsCause } from '../fs-safe';

/** What the person fixes when a pins folder cannot be written: the data folder's own causes, and a file in its place. */
function cause(dir: string, errno: string | undefined): { code: ErrorCode; why: string; fix: string } | undefined {
  if (errno === 'EEXIST' || errno === 'ENOTDIR') return { code: 'invalid_config', why: 'it is a file, not a folder', fix: `Move the file at ${dir} away (the pins folder is made again)` };
  return fsCause(errno, dir);
}

/**
 * A decision whose pin file could not be written, with the code and hint of what the person fixes: a
 * folder not writable is theirs to fix (`denied`), not a fault of ours (`internal`, kept for errors
 * of no known cause).
 */
export function pinWriteFailure(server: string, dir: string, error: unknown): CodedError {
  const known = cause(dir, errnoCode(error));
  const why = known ? known.why : errorMessage(error);
  return new CodedError(known?.code ?? 'internal', redact(`Your decisions on "${server}" were not kept: its pin file could not be written (${why}). Nothing changed: what waited still waits.`), {
    hint: `${known?.fix ?? `Check that ${dir} can be written (free space, permissions)`}, then decide again.`,
    cause: error,
  });
}
