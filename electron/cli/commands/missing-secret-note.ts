import type { AppApi } from '../../../shared/api';
import { referenceStrings, VAULT_STORE_NAME, type ReferenceFields } from '../../../shared/config';
import { findReferences } from '../../../shared/vault';
import type { Output } from '../output';

/** The vault secrets the fields name (`${secret:NAME}`, `${secret:vault:NAME}`, `${secretFile:NAME}`), each once. */
function vaultSecretNames(config: ReferenceFields): string[] {
  const names = new Set<string>();
  for (const [, value] of referenceStrings(config)) {
    let refs: ReturnType<typeof findReferences>;
    try {
      refs = findReferences(value);
    } catch {
      continue; // refused before the entry was written
    }
    for (const ref of refs) if (ref.kind !== 'env' && (ref.store === undefined || ref.store === VAULT_STORE_NAME)) names.add(ref.name);
  }
  return [...names];
}

/**
 * Says on stderr which vault secrets the entry names that the vault does not hold yet. Added anyway
 * (a secret may be stored after), but otherwise the gap would show only when the server fails to start.
 * Nothing is said when the vault cannot list its names (locked).
 */
export async function noteMissingSecrets(output: Output, api: Pick<AppApi, 'listSecrets'>, server: string, config: ReferenceFields): Promise<void> {
  const names = vaultSecretNames(config);
  if (names.length === 0) return;
  const held = await api.listSecrets({}).catch(() => undefined);
  if (held === undefined) return;
  // As `${secret:NAME}` is looked up: the server's own, else the one for every server.
  const holds = (name: string) => held.some((secret) => secret.name === name && (secret.server === undefined || secret.server === server));
  for (const name of names.filter((n) => !holds(n))) {
    output.err(`note: the vault holds no secret ${name} yet: ${server} cannot start until you store it with \`connected-services secrets set ${name}\``);
  }
}
