import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { CoreEnv } from '../../../shared/core-env';
import { secretKey, type Vault } from '../../../shared/vault';
import { openRegistry, type Registry } from '../../registry';
import { openVault } from '../../vault';
import type { CoreOptions } from './core-types';
import { demoServers } from './demo-servers';
import { importedSecretSink } from '../secrets/imported-secret-sink';

export interface Stores {
  registry: Registry;
  vault: Vault;
}

/** Opens mcp.json (writing the demo servers on first run) and then the vault, which lives in the folder the registry made. */
export async function openStores(options: CoreOptions, core: CoreEnv): Promise<Stores> {
  const registry = await openRegistry({
    ...core,
    // Literal secrets found in an imported config go to the vault, opened just below.
    secretSink: (server, preferred, value, created) => importedSecretSink(vault, server, preferred, value, created),
    secretUnsink: async (server, name) => void (await vault.delete(secretKey(name, server))),
    ...(options.demo === false ? {} : { demoServers: () => demoServers(options.dataDir) }),
    ...(options.codeServers ? { codeServers: options.codeServers } : {}),
  });
  // After the registry: it creates the data directory (0700) the vault file lives in.
  const vault = await openVault({
    ...core,
    // A long-running process notices what CLI commands write (a sign-in) without waiting for a call.
    ...(options.watch ? { watchIntervalMs: 2000 } : {}),
    ...(options.vaultProvider !== undefined ? { provider: options.vaultProvider } : {}),
    ...(options.vaultCheck !== undefined ? { check: options.vaultCheck } : {}),
    ...(options.passphrasePrompt ? { prompt: options.passphrasePrompt } : {}),
    ...(options.keychainRunner ? { keychain: { runner: options.keychainRunner } } : {}),
  });
  // The demo memory server writes its graph here; it does not create the folder itself.
  if (options.demo !== false) await mkdir(join(options.dataDir, 'demo'), { recursive: true, mode: 0o700 });
  return { registry, vault };
}
