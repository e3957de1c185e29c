import { findLiteralSecrets, isStdio, urlSecretParts, type McpConfig } from '../../../shared/config';
import { SECRET_NAME, type Redactor } from '../../../shared/redact';
import { secretHeaderNamed } from '../../../shared/text';

/**
 * Literal secrets written in mcp.json (env values with secret-like names, auth headers, and what
 * `servers add` calls a secret: a secret flag's value, a token in a URL's path or parameters) are
 * made known to the redactor, so they never show in a log, status or error even though the vault
 * does not hold them.
 */
export function registerConfigSecrets(config: McpConfig, redactor: Pick<Redactor, 'addSecret'>): void {
  for (const [server, entry] of Object.entries(config.mcpServers)) {
    const stdio = isStdio(entry);
    // One hand-out per field: values given apart under one source would make the first a former value.
    const byField = new Map<string, string[]>();
    const add = (name: string, ...values: string[]) => byField.set(name, [...(byField.get(name) ?? []), ...values]);
    const pairs = stdio ? Object.entries(entry.env ?? {}) : Object.entries(entry.headers ?? {});
    for (const [name, value] of pairs) {
      if (value.includes('${')) continue;
      if (SECRET_NAME.test(name) || (!stdio && secretHeaderNamed(name))) {
        // `Bearer <token>`: the token alone is the secret. Named, so a call holding it says where it is written.
        const token = /^\S+\s+(\S{6,})$/.exec(value)?.[1];
        add(name, value, ...(token ? [token] : []));
      }
    }
    for (const { field, value } of findLiteralSecrets(server, entry)) {
      const name = field.replace(/^(?:env|headers)\./, '');
      if (!byField.get(name)?.includes(value)) add(name, value);
    }
    if (!stdio) {
      const parts = urlSecretParts(entry.url);
      if (parts.length > 0) add('url', ...parts);
    }
    for (const [name, [value, ...parts]] of byField) if (value !== undefined) redactor.addSecret(value, { from: 'config', server, name }, parts);
  }
}
