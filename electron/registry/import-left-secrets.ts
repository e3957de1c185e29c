import { CodedError, errorMessage } from '../../shared/errors';

/** At most this many are named; the rest are counted. */
const NAMED = 10;

/**
 * The import's own failure, saying which secrets it moved into the vault are still there (their
 * delete failed too) and the command that removes each: no entry reads them.
 */
export function withLeftSecrets(error: unknown, left: readonly { server: string; name: string }[]): CodedError {
  const named = left.slice(0, NAMED);
  const more = left.length > NAMED ? ` and ${left.length - NAMED} more` : '';
  const said = `The secrets it moved into the vault could not all be removed: ${named.map((s) => `${s.name} (server "${s.server}")`).join(', ')}${more} ${left.length === 1 ? 'is' : 'are'} still there, unused.`;
  const remove = `remove each with \`connected-services secrets delete NAME --server SERVER\`, e.g. \`connected-services secrets delete ${left[0]?.name ?? 'NAME'} --server ${left[0]?.server ?? 'SERVER'}\``;
  if (error instanceof CodedError) {
    return new CodedError(error.code, `${error.message.replace(/\.?$/, '.')} ${said}`, {
      hint: error.hint === undefined ? remove : `${error.hint}; then ${remove}`,
      ...(error.data !== undefined ? { data: error.data } : {}),
      cause: error,
    });
  }
  return new CodedError('internal', `${errorMessage(error).replace(/\.?$/, '.')} ${said}`, { hint: remove, cause: error });
}
