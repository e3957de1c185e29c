import { isStdio, type McpConfig } from '../../../shared/config';
import { SECRET_NAME, type Redactor } from '../../../shared/redact';

const SECRET_HEADER = /^(authorization|proxy-authorization|x-api-key|api-key|cookie)$/i;

/**
 * Literal secrets written in mcp.json (env values with secret-like names, auth headers) are made
 * known to the redactor, so they never show in a log, status or error even though the vault does
 * not hold them.
 */
export function registerConfigSecrets(config: McpConfig, redactor: Pick<Redactor, 'addSecret'>): void {
  for (const [server, entry] of Object.entries(config.mcpServers)) {
    const pairs = isStdio(entry) ? Object.entries(entry.env ?? {}) : Object.entries(entry.headers ?? {});
    for (const [name, value] of pairs) {
      if (value.includes('${')) continue;
      if (SECRET_NAME.test(name) || SECRET_HEADER.test(name)) {
        // `Bearer <token>`: the token alone is the secret. Named, so a call holding it says where it is written.
        const token = /^\S+\s+(\S{6,})$/.exec(value)?.[1];
        redactor.addSecret(value, { from: 'config', server, name }, token ? [token] : []);
      }
    }
  }
}
