import { serverEntry, type McpConfig, type ServerConfig } from '../../shared/config';
import { CodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';

export const SERVERS_LIST_HINT = 'See `connected-services servers list`';

/** The one "No server named X is configured" (not_found), with what to do; a caller may name a better next step. */
export function serverNotConfigured(name: string, options: { hint?: string; data?: Record<string, unknown> } = {}): CodedError {
  return new CodedError('not_found', redact(`No server named "${name}" is configured`), {
    hint: options.hint ?? SERVERS_LIST_HINT,
    ...(options.data ? { data: options.data } : {}),
  });
}

/** The entry named `name` in `config`. @throws CodedError not_found (`serverNotConfigured`). */
export function requireServer(config: McpConfig, name: string): ServerConfig {
  const entry = serverEntry(config, name);
  if (!entry) throw serverNotConfigured(name);
  return entry;
}
