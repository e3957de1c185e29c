import type { ServerStatus } from '../../../shared/api';
import { serverEntry, type McpConfig, type ServerConfig } from '../../../shared/config';
import { findReferences, GLOBAL_SERVER, type VaultChange } from '../../../shared/vault';

/** A server a missing credential stopped: no sign-in or API key (needs_auth), or an unresolved `${secret:…}` (error). */
const WAITING: ReadonlySet<string> = new Set(['needs_auth', 'error']);

/** Whether the entry names the vault secret: `${secret:NAME}`, `${secret:vault:NAME}` or `${secretFile:NAME}` in any of its fields. */
function namesSecret(config: ServerConfig, name: string): boolean {
  try {
    return findReferences(JSON.stringify(config)).some((ref) => ref.kind !== 'env' && (ref.store === undefined || ref.store === 'vault') && ref.name === name);
  } catch {
    // An unterminated reference: the entry is a config error, which a stored secret does not mend.
    return false;
  }
}

function waitsFor(change: VaultChange, name: string, state: string, config: ServerConfig): boolean {
  const { kind, server } = change.key;
  // A sign-in made here starts its server itself; one made by another process (the CLI) is only seen here.
  if (kind.startsWith('tokens')) return change.origin === 'external' && server === name && state === 'needs_auth';
  if (kind.startsWith('apiKey')) return server === name && 'auth' in config && config.auth?.type === 'api_key';
  if (kind.startsWith('secret:')) return (server === GLOBAL_SERVER || server === name) && namesSecret(config, kind.slice('secret:'.length));
  return false;
}

/**
 * The servers a newly stored vault entry may bring back: those stopped for want of it whose entry
 * names it, so the person who stores the missing key (in the app or with `secrets set`) does not
 * also have to press Connect. Each is started once; one still missing something waits again.
 */
export function serversWaitingFor(change: VaultChange, statuses: readonly ServerStatus[], config: McpConfig): string[] {
  if (change.change !== 'set') return [];
  return statuses
    .filter((status) => {
      const entry = serverEntry(config, status.name);
      return entry !== undefined && WAITING.has(status.state) && waitsFor(change, status.name, status.state, entry);
    })
    .map((status) => status.name);
}
