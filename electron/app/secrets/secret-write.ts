import { serverEntry, type McpConfig } from '../../../shared/config';
import { compareNames } from '../../../shared/text';
import { refuseUnusableValue, type CorruptFile, type Vault, type VaultKey } from '../../../shared/vault';

/** What a write through the App API answers: it was kept, and what the person should know about it. */
export interface SecretWriteAnswer {
  ok: true;
  warning?: string;
}

const MAX_NAMES_SHOWN = 10;

/** Vault files this write found unreadable and moved aside, and what was written back from memory. */
function setAsideNote(found: readonly CorruptFile[]): string | undefined {
  if (found.length === 0) return undefined;
  return found
    .map((file) =>
      file.restored === undefined
        ? `The vault file was found unreadable and moved aside to ${file.path}; its secrets are not in the current vault.`
        : `The vault file was found unreadable and moved aside to ${file.path}; the ${file.restored} entries this process held of it were written back to a new vault file with this one (a change another process made since this one last read it is not among them). Check them, then delete ${file.path}.`,
    )
    .join(' ');
}

/** A secret for a server mcp.json does not name may be one about to be added, or a typo: kept, and said. */
function unconfiguredNote(config: McpConfig, server: string | undefined): string | undefined {
  if (server === undefined || serverEntry(config, server) !== undefined) return undefined;
  const names = Object.keys(config.mcpServers).sort(compareNames);
  const shown = names.length > MAX_NAMES_SHOWN ? `${names.slice(0, MAX_NAMES_SHOWN).join(', ')}, … (${names.length} in all)` : names.join(', ') || 'none';
  return `No server named "${server}" is configured (yet); the secret is used once one is added under that name. Configured: ${shown}.`;
}

/** Sets `key` and answers what the person should know: a corrupt vault file found on the way, a server not configured. */
export async function writeSecret(vault: Vault, key: VaultKey, value: string, context: { config: McpConfig; server?: string }): Promise<SecretWriteAnswer> {
  refuseUnusableValue(value);
  const known = new Set(vault.health().corruptFiles.map((file) => file.path));
  await vault.set(key, value);
  const found = vault.health().corruptFiles.filter((file) => !known.has(file.path));
  const warning = [unconfiguredNote(context.config, context.server), setAsideNote(found)].filter((note) => note !== undefined).join(' ');
  return warning === '' ? { ok: true } : { ok: true, warning };
}
