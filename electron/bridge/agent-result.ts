import { redactor } from '../../shared/redact';

/**
 * What an agent is handed from a server (a result, a resource, a prompt, a progress message): no
 * value of the vault, in any of its forms (SECURITY.md), and otherwise the server's data
 * as it was. Without known secrets, or when none appears, the very same object.
 */
export function withoutSecrets<T>(value: T): T {
  return redactor.removeKnown(value);
}
