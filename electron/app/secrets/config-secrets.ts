import { isStdio, type McpConfig } from '../../../shared/config';
import { SECRET_NAME, type Redactor } from '../../../shared/redact';
import { secretHeaderNamed } from '../../../shared/text';

/**
 * Literal secrets written in mcp.json (env values with secret-like names, auth headers) are made
 * known to the redactor, so they never show in a log, status or error even though the vault does
 * not hold them.
 */
export function registerConfigSecrets(config: McpConfig, redactor: Pick<Redactor, 'addSecret'>): void {
  for (const [server, entry] of Object.entries(config.mcpServers)) {
    const stdio = isStdio(entry);
    const pairs = stdio ? Object.entries(entry.env ?? {}) : Object.entries(entry.headers ?? {});
    for (const [name, value] of pairs) {
      if (value.includes('${')) continue;
      if (SECRET_NAME.test(name) || (!stdio && secretHeaderNamed(name))) {
        // `Bearer <token>`: the token alone is the secret. Named, so a call holding it says where it is written.
        const token = /^\S+\s+(\S{6,})$/.exec(value)?.[1];
        redactor.addSecret(value, { from: 'config', server, name }, token ? [token] : []);
      }
    }
  }
}
