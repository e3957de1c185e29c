import { isStdio, type McpConfig } from '../../../shared/config';
import { SECRET_NAME, type Redactor } from '../../../shared/redact';

const SECRET_HEADER = /^(authorization|proxy-authorization|x-api-key|api-key|cookie)$/i;

/**
 * Literal secrets written in mcp.json (env values with secret-like names, auth headers) are made
 * known to the redactor, so they never show in a log, status or error even though the vault does
 * not hold them.
 */
export function registerConfigSecrets(config: McpConfig, redactor: Pick<Redactor, 'addSecret'>): void {
  for (const server of Object.values(config.mcpServers)) {
    const pairs = isStdio(server) ? Object.entries(server.env ?? {}) : Object.entries(server.headers ?? {});
    for (const [name, value] of pairs) {
      if (value.includes('${')) continue;
      if (SECRET_NAME.test(name) || SECRET_HEADER.test(name)) {
        redactor.addSecret(value);
        // `Bearer <token>`: the token alone is the secret.
        const token = /^\S+\s+(\S{6,})$/.exec(value)?.[1];
        if (token) redactor.addSecret(token);
      }
    }
  }
}
