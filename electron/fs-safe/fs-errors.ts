import path from 'node:path';
import { CodedError, errorMessage, type ErrorCode } from '../../shared/errors';
import { redact } from '../../shared/redact';

export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = error.code;
  return typeof code === 'string' ? code : undefined;
}

/** Where a data folder is chosen: said wherever the fix is another folder. */
const ANOTHER_FOLDER = 'choose a data folder on another disk (--home, or CONNECTED_SERVICES_HOME)';

/**
 * What stops a write, by the system's error code, and what the person fixes, in one place for every
 * file we keep (pins, mcp.json, agents.json, the vault…). A full disk is no fault of ours and passes
 * once space is freed (`server_unavailable`, as for anything that cannot be done now); a folder that
 * may not be written is the person's to open (`denied`), and so is a file size limit (EFBIG: the
 * process's `ulimit -f`, or the largest file the file system holds), which no retry passes.
 */
export function fsCause(errno: string | undefined, dir: string): { code: ErrorCode; why: string; fix: string } | undefined {
  switch (errno) {
    case 'ENOSPC':
    case 'EDQUOT':
      return { code: 'server_unavailable', why: errno === 'EDQUOT' ? 'the disk quota is used up' : 'the disk is full', fix: `The disk is full: free space in ${dir}` };
    case 'EFBIG':
      return {
        code: 'denied',
        why: 'it would pass the largest file size allowed (the file size limit of the user running the app, or of the file system)',
        fix: `Raise the file size limit for the user running the app (\`ulimit -f\`, or LimitFSIZE= for a service) and try again, or keep ${dir} on a file system that holds larger files`,
      };
    case 'EROFS':
      return { code: 'denied', why: 'the file system is read-only', fix: `Mount the disk holding ${dir} writable, or ${ANOTHER_FOLDER}` };
    case 'EACCES':
    case 'EPERM':
      return { code: 'denied', why: 'permission denied', fix: `Make ${dir} writable for the user running the app (its permissions, owner or immutable flag)` };
    default:
      return undefined;
  }
}

/** Turns a file-system failure into an error a person can act on (no stack trace, a hint). */
export function fsFailure(error: unknown, action: string, target: string): CodedError {
  if (error instanceof CodedError) return error;
  const code = errnoCode(error);
  const where = path.dirname(target);
  const known = fsCause(code, where);
  if (known) return new CodedError(known.code, `Could not ${action} ${target}: ${known.why}.`, { hint: `${known.fix}.`, cause: error });
  switch (code) {
    case 'ENOENT':
      return new CodedError('not_found', `Could not ${action} ${target}: it does not exist.`, {
        hint: `Check the path, or create ${where} first.`,
        cause: error,
      });
    case 'ELOOP':
      return new CodedError('invalid_input', `Could not ${action} ${target}: it is a link that leads round in a loop (or through too many links).`, {
        hint: `Check where ${target} points (\`ls -l ${target}\`) and name the file itself.`,
        cause: error,
      });
    case 'ENOTDIR':
    case 'EISDIR':
      return new CodedError('invalid_config', `Could not ${action} ${target}: a file and a folder are mixed up in this path.`, {
        hint: `Check that ${where} is a folder and ${target} is a file.`,
        cause: error,
      });
    default: {
      const detail = errorMessage(error);
      return new CodedError('internal', redact(`Could not ${action} ${target}: ${detail}`), {
        hint: `Check ${where} and try again; \`connected-services doctor\` can help.`,
        cause: error,
      });
    }
  }
}
