import { errorMessage } from '../../../shared/errors';
import type { CoreEnv } from '../../../shared/core-env';
import { DEFAULT_BRIDGE_PORT, DEFAULT_UI_PORT } from '../../../shared/config';
import { redact } from '../../../shared/redact';
import type { Vault } from '../../../shared/vault';
import { AgentStore, createBridge, type AuditLog, type Bridge } from '../../bridge';
import type { ToolPins } from '../../pinning';
import type { Pool } from '../../pool';
import type { Registry } from '../../registry';
import { chooseBridgePort, programBridgePort } from './bridge-port';
import { isConnectedServicesBridge } from './bridge-identity';
import type { CoreOptions } from '../lifecycle/core-types';
import { isPortFree } from '../doctor';
import { readRuntimeFile } from '../lifecycle/runtime-file';
import { shownRuntime } from '../lifecycle/runtime-shown';
import type { SecretFiles } from '../secrets/secret-files';
import { VERSION } from '../lifecycle/version';

export interface CorePorts {
  ui: number;
  bridge: number;
}

export function portsOf(options: CoreOptions): CorePorts {
  return options.ports ?? { ui: DEFAULT_UI_PORT, bridge: DEFAULT_BRIDGE_PORT };
}

export interface BridgeStart {
  bridge: Bridge | undefined;
  /** Why a bridge that was not required did not start (shown by `bridge status`). */
  bridgeError: string | undefined;
}

export interface CoreBridgeOptions {
  options: CoreOptions;
  ports: CorePorts;
  registry: Registry;
  vault: Vault;
  pool: Pool;
  /** Resources held or refused by the person are not read through the bridge. */
  pins: Pick<ToolPins, 'withheldResource'>;
  secretFiles: SecretFiles;
  /** The core's audit log: the bridge writes to it, the core closes it (after the pool; close-core.ts). */
  audit: AuditLog;
  core: CoreEnv;
  /** Whether a code agent's declaring program still runs (CodeOwners, built after the bridge). */
  agentAlive?: (agent: string) => boolean;
}

/**
 * Starts the agents' bridge where this process runs one. A required bridge that fails closes what is
 * open and throws; otherwise the failure is reported and the core runs without it.
 */
export async function startCoreBridge({ options, ports, registry, vault, pool, pins, secretFiles, audit, core, agentAlive }: CoreBridgeOptions): Promise<BridgeStart> {
  const { log } = core;
  if (!options.bridge) return { bridge: undefined, bridgeError: undefined };
  try {
    const configured = registry.config().settings?.bridgePort;
    const port =
      options.bridge.codeAgentsOnly === true
        ? programBridgePort({ given: options.bridge.port, appPort: configured ?? ports.bridge, configFile: registry.file })
        : await chooseBridgePort({ given: options.bridge.port, configured, fallback: ports.bridge, configFile: registry.file, portFree: isPortFree, ownBridgeAt: isConnectedServicesBridge, log });
    const bridge = await createBridge({
      ...core,
      pool,
      audit,
      withheldResource: (server, uri) => pins.withheldResource(server, uri),
      port,
      ...(options.bridge.codeAgentsOnly === true ? { codeAgentsOnly: true } : {}),
      ...(agentAlive ? { agentAlive } : {}),
      version: VERSION,
      auditArguments: () => registry.config().settings?.auditArguments === true,
      // Read at each round, so a change to mcp.json applies without a restart.
      inputRoundWindowMs: () => registry.config().settings?.inputRoundWindowMs,
      inputRoundGather: () => {
        const settings = registry.config().settings;
        return { quietMs: settings?.inputRoundQuietMs, maxMs: settings?.inputRoundGatherMaxMs };
      },
    });
    return { bridge, bridgeError: undefined };
  } catch (error) {
    if (options.bridge.required) {
      await Promise.all([pool.close().then(() => Promise.all([secretFiles.close(), audit.close()])), registry.close(), vault.close()]);
      throw error;
    }
    const bridgeError = errorMessage(error);
    log(redact(`the bridge did not start: ${bridgeError}`));
    return { bridge: undefined, bridgeError };
  }
}

/** The bridge's agents, or this process's own view of them when it runs no bridge (a CLI command). */
export function agentsOf(bridge: Bridge | undefined, core: CoreEnv): AgentStore {
  return bridge?.agents ?? AgentStore.open(core);
}

/** The bridge port from the command line, else the config, else the default; read before the bridge starts. */
export function configuredBridgePort(options: CoreOptions, registry: Registry, ports: CorePorts): number {
  return options.bridge?.port ?? registry.config().settings?.bridgePort ?? ports.bridge;
}

/**
 * The address agents need: this process's bridge, else the running app's (runtime.json), else the
 * configured port. runtime.json is any local program's to write: its bridge is taken only as the app
 * writes it (http://127.0.0.1:PORT), or an agent's token would be printed and written for its host.
 */
export async function bridgeUrlOf(bridge: Bridge | undefined, dataDir: string, bridgePort: number): Promise<string> {
  const running = bridge ? undefined : await readRuntimeFile(dataDir);
  const runningBridge = running === undefined ? undefined : shownRuntime(running).bridge;
  return bridge?.url ?? runningBridge ?? `http://127.0.0.1:${bridgePort}/mcp`;
}
