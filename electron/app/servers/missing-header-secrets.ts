import type { Registry } from '../../registry';
import { GLOBAL_SERVER, secretNameOf, type Vault } from '../../../shared/vault';
import { headerSecretGaps, type HeaderSecretGap } from './header-secret-gaps';

/**
 * Status's `missingHeaderSecrets`: only while the vault is open (a locked one cannot tell missing).
 * The vault's key list is read once, and only when a header names a secret: status is asked often,
 * and no value needs to leave the vault to say which names it holds.
 */
export async function missingHeaderSecrets(registry: Pick<Registry, 'config'>, vault: Vault): Promise<{ missingHeaderSecrets?: HeaderSecretGap[] }> {
  if (vault.health().state !== 'ready') return {};
  let held: Promise<Set<string>> | undefined;
  const heldNames = async (): Promise<Set<string>> =>
    new Set((await vault.keys()).flatMap((key) => (secretNameOf(key) !== undefined ? [`${key.server}/${secretNameOf(key)}`] : [])));
  const gaps = await headerSecretGaps(registry.config().mcpServers, async (server, name) => {
    const names = await (held ??= heldNames());
    // As `${secret:NAME}` is looked up: the server's own first, else the one for every server.
    return names.has(`${server}/${name}`) || names.has(`${GLOBAL_SERVER}/${name}`);
  });
  return { missingHeaderSecrets: gaps };
}
