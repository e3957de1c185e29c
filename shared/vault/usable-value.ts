import { CodedError } from '../errors';

/**
 * A secret is passed to a server in an environment variable, an argument or a header, and none can
 * hold a NUL byte (execve's strings end at it; RFC 9110 §5.5 forbids it in a field value). Refused when
 * it is stored, rather than found when the server starts.
 */
export function refuseUnusableValue(value: string): void {
  if (!value.includes('\0')) return;
  throw new CodedError('invalid_input', 'The value holds a NUL byte, which cannot be passed to a server in an environment variable, an argument or a header; nothing was stored', {
    hint: 'Store the text itself: check what was piped in (a binary or UTF-16 file holds NUL bytes), or store binary data as base64 if the server reads it so.',
  });
}
