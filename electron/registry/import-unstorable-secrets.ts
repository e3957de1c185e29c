import { findLiteralSecrets, type ServerConfig } from '../../shared/config';

/**
 * Why an entry cannot be imported because a secret it holds in clear cannot go into the vault, or
 * undefined. A NUL byte (a URL's `%00` decodes to one) is refused wherever a secret is stored
 * (shared/vault usable-value.ts); left in clear, it would be a secret in mcp.json. The value is never said.
 */
export function unstorableSecretReason(config: ServerConfig): string | undefined {
  const found = findLiteralSecrets('imported', config).find((secret) => secret.value.includes('\0'));
  if (found === undefined) return undefined;
  return `${found.field} holds a secret with a NUL byte, which the vault does not keep; correct it in that file and import again`;
}
