import { join } from 'node:path';
import type { CommandStoreConfig } from '../../../shared/config';
import type { CoreEnv } from '../../../shared/core-env';
import type { Vault } from '../../../shared/vault';
import { runLedgerFor } from '../../pool';
import type { Registry } from '../../registry';
import { createSecretStores, type SecretStores, type StoreUses } from '../../secret-stores';

/**
 * A command store's approval is kept with the servers' (approvals.json), under a name no server can
 * have (server names have no ":"), as the command line of a stdio entry: the same fingerprint of
 * what runs, so an edit of its command or arguments waits for the person again.
 */
export function storeApprovalName(store: string): string {
  return `secret-store:${store}`;
}

export function storeApprovalEntry(config: CommandStoreConfig): { command: string; args: string[] } {
  return { command: config.command, args: config.args ?? [] };
}

/**
 * The stores `${secret:STORE:PATH}` reads, configured by `settings.secretStores` as it is now; `uses`
 * records each read's outcome. Their programs' runs are recorded beside the stdio servers' (Linux),
 * through the data folder's one ledger, so the pool's start after a crash stops what they left
 * (pool/leftover-runs.ts).
 */
export function openSecretStores(registry: Registry, vault: Vault, core: Pick<CoreEnv, 'env' | 'dataDir'>, uses?: StoreUses, platform: NodeJS.Platform = process.platform): SecretStores {
  return createSecretStores({
    ...(uses !== undefined ? { uses } : {}),
    ...(platform === 'linux' ? { runs: runLedgerFor(join(core.dataDir, 'runs')) } : {}),
    settings: () => registry.config().settings,
    vault,
    env: core.env,
    approval: (name, config) => (registry.approvals.status(storeApprovalName(name), storeApprovalEntry(config)) === 'approved' ? 'approved' : 'pending'),
  });
}
