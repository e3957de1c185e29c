import { CodedError, errorMessage, type ErrorCode } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { errnoCode } from '../fs-safe';

/** What the person fixes when a pins folder cannot be written, by the system's error code. */
function cause(dir: string, errno: string | undefined): { code: ErrorCode; why: string; fix: string } | undefined {
  switch (errno) {
    case 'EACCES':
    case 'EPERM':
      return { code: 'denied', why: 'permission denied', fix: `Make ${dir} writable for the user running the app (its permissions, owner or immutable flag)` };
    case 'EROFS':
      return { code: 'denied', why: 'the file system is read-only', fix: `Mount the disk holding ${dir} writable, or set CONNECTED_SERVICES_HOME to a folder on a writable disk` };
    case 'ENOSPC':
    case 'EDQUOT':
      return { code: 'server_unavailable', why: 'the disk is full', fix: `Free some space on the disk holding ${dir}` };
    case 'EEXIST':
    case 'ENOTDIR':
      return { code: 'invalid_config', why: 'it is a file, not a folder', fix: `Move the file at ${dir} away (the pins folder is made again)` };
    default:
      return undefined;
  }
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
