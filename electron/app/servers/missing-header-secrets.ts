import type { Registry } from '../../registry';
import { secretLookup } from '../../vault';
import type { Vault } from '../../../shared/vault';
import { headerSecretGaps, type HeaderSecretGap } from './header-secret-gaps';

/** Status's `missingHeaderSecrets`: only while the vault is open (a locked one cannot tell missing). */
export async function missingHeaderSecrets(registry: Pick<Registry, 'config'>, vault: Vault): Promise<{ missingHeaderSecrets?: HeaderSecretGap[] }> {
  if (vault.health().state !== 'ready') return {};
  const gaps = await headerSecretGaps(registry.config().mcpServers, async (server, name) => (await secretLookup(vault, server)(name)) !== undefined);
  return { missingHeaderSecrets: gaps };
}
