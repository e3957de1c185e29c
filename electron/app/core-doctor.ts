import type { ApiInput, DoctorCheck } from '../../shared/api';
import type { Vault } from '../../shared/vault';
import type { Pool } from '../pool';
import type { Registry } from '../registry';
import { secretLookup, vaultDoctorCheck } from '../vault';
import { runDoctor } from './doctor';
import { readRuntimeFile } from './runtime-file';

export interface CoreDoctorOptions {
  registry: Registry;
  vault: Vault;
  pool: Pool;
  env: Record<string, string | undefined>;
  ports: { ui: number; bridge: number };
}

/** The core's doctor: the running app's real ports, every entry's references, and with `live` one exchange per server. */
export async function coreDoctor(options: CoreDoctorOptions, input: ApiInput<'doctor'>): Promise<DoctorCheck[]> {
  const { registry, vault, pool } = options;
  const config = registry.config();
  // A locked vault is reported by its own check; its secrets cannot be told missing meanwhile.
  const vaultReady = vault.health().state === 'ready';
  return runDoctor({
    dataDir: registry.dataDir,
    configFile: registry.file,
    configIssues: registry.issues(),
    servers: config.mcpServers,
    approval: (name, server) => registry.approvals.status(name, server),
    env: options.env,
    ports: options.ports,
    running: await readRuntimeFile(registry.dataDir),
    bridgeSetting: config.settings?.bridgePort,
    ...(vaultReady ? { hasSecret: async (server: string, name: string) => (await secretLookup(vault, server)(name)) !== undefined } : {}),
    ...(input.live
      ? {
          live: async (name: string) => {
            // Through the pool: connect (initialize) if needed, then the listings, as an agent's first call would.
            await pool.start(name);
            return (await pool.tools(name)).length;
          },
        }
      : {}),
    extra: async () => [vaultDoctorCheck(await vault.checkHealth())],
  });
}
