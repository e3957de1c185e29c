import path from 'node:path';
import { CodedError, errorMessage } from '../../shared/errors';
import { redact } from '../../shared/redact';

export function errnoCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined;
  const code = error.code;
  return typeof code === 'string' ? code : undefined;
}

/** Turns a file-system failure into an error a person can act on (no stack trace, a hint). */
export function fsFailure(error: unknown, action: string, target: string): CodedError {
  if (error instanceof CodedError) return error;
  const code = errnoCode(error);
  const where = path.dirname(target);
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return new CodedError('denied', `Could not ${action} ${target}: permission denied.`, {
        hint: `Check that your user owns ${where} and may read and write it.`,
        cause: error,
      });
    case 'ENOENT':
      return new CodedError('not_found', `Could not ${action} ${target}: it does not exist.`, {
        hint: `Check the path, or create ${where} first.`,
        cause: error,
      });
    case 'ENOTDIR':
    case 'EISDIR':
      return new CodedError('invalid_config', `Could not ${action} ${target}: a file and a folder are mixed up in this path.`, {
        hint: `Check that ${where} is a folder and ${target} is a file.`,
        cause: error,
      });
    case 'ENOSPC':
    case 'EDQUOT':
      return new CodedError('internal', `Could not ${action} ${target}: the disk is full.`, {
        hint: 'Free some disk space and try again.',
        cause: error,
      });
    case 'EROFS':
      return new CodedError('denied', `Could not ${action} ${target}: the file system is read-only.`, {
        hint: 'Set CONNECTED_SERVICES_HOME to a writable folder.',
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
