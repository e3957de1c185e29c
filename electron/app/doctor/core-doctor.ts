import type { ApiInput, DoctorCheck, ForgottenRemovals } from '../../../shared/api';
import type { CoreEnv } from '../../../shared/core-env';
import { hintSentence, toCodedError } from '../../../shared/errors';
import { redact } from '../../../shared/redact';
import type { Vault } from '../../../shared/vault';
import type { Pool } from '../../pool';
import type { Registry } from '../../registry';
import { secretLookup, vaultDoctorCheck } from '../../vault';
import { runDoctor } from './';
import { openSecretStores } from '../secrets/open-secret-stores';
import { forgottenRemovalChecks } from './forgotten-removal-checks';
import { bundleFolderChecks } from './bundle-folder-checks';
import type { StoreEntryCheck } from './reference-checks';
import type { AgentServers } from './agent-server-checks';
import { readRuntimeFile, type RuntimeInfo } from '../lifecycle/runtime-file';

export interface CoreDoctorOptions {
  registry: Registry;
  vault: Vault;
  pool: Pool;
  core: Pick<CoreEnv, 'env' | 'dataDir'>;
  ports: { ui: number; bridge: number };
  /** runtime.json as the command already read it: not read again. */
  probedRuntime?: { info: RuntimeInfo | undefined };
  /** Every server whose pins forgot removed names (the App API's listForgottenRemovals). */
  forgotten?: () => Promise<ForgottenRemovals[]>;
  /** The agents, for the servers they name that are not configured. */
  agents?: () => readonly AgentServers[];
}

/** The core's doctor: the running app's real ports, every entry's references, and with `live` one exchange per server. */
export async function coreDoctor(options: CoreDoctorOptions, input: ApiInput<'doctor'>): Promise<DoctorCheck[]> {
  const { registry, vault, pool } = options;
  const config = registry.config();
  // A locked vault is reported by its own check; its secrets cannot be told missing meanwhile.
  const vaultReady = vault.health().state === 'ready';
  const stores = openSecretStores(registry, vault, options.core);
  // Each store a reference names is asked for that entry: locked, missing or not approved shows here first.
  const storeEntry = async (server: string, store: string, path: string): Promise<StoreEntryCheck> => {
    try {
      return { present: (await stores.open(store, server).get(path)) !== undefined };
    } catch (error) {
      const coded = toCodedError(error);
      return { problem: redact(coded.message), ...(coded.hint !== undefined ? { fix: redact(hintSentence(coded.hint)) } : {}) };
    }
  };
  return runDoctor({
    dataDir: registry.dataDir,
    configFile: registry.file,
    configIssues: registry.issues(),
    servers: config.mcpServers,
    approval: (name, server) => registry.approvals.status(name, server),
    fromCode: (name) => registry.fromCode(name),
    approvalsIgnored: ((reason) => (reason === undefined ? undefined : { file: registry.approvals.file, reason }))(registry.approvals.ignoredBecause()),
    env: options.core.env,
    ports: options.ports,
    running: options.probedRuntime ? options.probedRuntime.info : await readRuntimeFile(registry.dataDir),
    bridgeSetting: config.settings?.bridgePort,
    storeEntry,
    ...(options.agents ? { agents: options.agents() } : {}),
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
    // Pins that cannot be read are said where the server is reviewed; the other checks still run.
    extra: async () => [
      vaultDoctorCheck(await vault.checkHealth()),
      ...forgottenRemovalChecks((await options.forgotten?.().catch(() => [])) ?? []),
      ...(await bundleFolderChecks(registry)),
    ],
  });
}
