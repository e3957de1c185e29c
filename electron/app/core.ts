import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_BRIDGE_PORT, DEFAULT_UI_PORT } from '../../shared/config';
import type { AppApi } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { redact, redactor } from '../../shared/redact';
import { commandLineOf, createPool, type Pool } from '../pool';
import { openRegistry, type Registry } from '../registry';
import { openVault, secretLookup, vaultDoctorCheck, type ProviderChoice } from '../vault';
import type { Vault } from '../../shared/vault';
import { createAppApi } from './app-api';
import { registerConfigSecrets } from './config-secrets';
import { importedSecretSink } from './imported-secret-sink';
import { resolveServerConfig } from './resolve-server';
import { demoServers } from './demo-servers';
import { runDoctor } from './doctor';
import { EventHub } from './event-hub';
import { VERSION } from './version';

export interface CoreOptions {
  dataDir: string;
  env?: Record<string, string | undefined>;
  /** Watch mcp.json and apply changes live (long-running processes); one-shot CLI commands do not. */
  watch?: boolean;
  /** Write the demo servers on first run. */
  demo?: boolean;
  /** Start servers never inventoried (approved, enabled) once in the background, so a first run shows real tools. */
  warmUp?: boolean;
  ports?: { ui: number; bridge: number };
  log?: (line: string) => void;
  /** Where the vault key comes from; default: the vault's own choice (keychain, passphrase env, prompt). */
  vaultProvider?: ProviderChoice;
  /** Asks the person for the vault passphrase where no keychain exists. */
  passphrasePrompt?: () => Promise<string>;
}

export interface Core {
  readonly api: AppApi;
  readonly registry: Registry;
  readonly pool: Pool;
  readonly vault: Vault;
  close(): Promise<void>;
}

/** The composition root: builds registry and pool, wires config changes to the pool, implements the App API. */
export async function createCore(options: CoreOptions): Promise<Core> {
  const env = options.env ?? process.env;
  const log = options.log ?? (() => undefined);
  const registry = await openRegistry({
    dataDir: options.dataDir,
    env,
    log,
    secretSink: (preferred, value) => importedSecretSink(vault, preferred, value),
    ...(options.demo === false ? {} : { demoServers: () => demoServers(options.dataDir) }),
  });
  // After the registry: it creates the data directory (0700) the vault file lives in.
  const vault = await openVault({
    dataDir: options.dataDir,
    env,
    log,
    ...(options.vaultProvider !== undefined ? { provider: options.vaultProvider } : {}),
    ...(options.passphrasePrompt ? { prompt: options.passphrasePrompt } : {}),
  });
  // The demo memory server writes its graph here; it does not create the folder itself.
  if (options.demo !== false) await mkdir(join(options.dataDir, 'demo'), { recursive: true, mode: 0o700 });
  const events = new EventHub();
  const pool = createPool({
    cacheDir: join(options.dataDir, 'cache', 'inventory'),
    baseEnv: env,
    log,
    resolve: (name, config) => resolveServerConfig(name, config, { secret: secretLookup(vault, name), env }),
    approval: (name, config) => registry.approvals.status(name, config),
    gate: (name, config) =>
      registry.approvals.status(name, config) === 'approved'
        ? null
        : new CodedError('denied', `The command of "${name}" is waiting for your approval: ${redact(commandLineOf(config))}`, {
            hint: `Review it, then run \`connected-services servers approve ${name}\``,
            data: { server: name },
          }),
  });

  registerConfigSecrets(registry.config(), redactor);
  let applying: Promise<unknown> = pool.apply(registry.config());
  const unsubscribe = [
    registry.on('change', ({ config }) => {
      registerConfigSecrets(config, redactor);
      applying = applying.then(() => pool.apply(config)).catch((error: unknown) => log(redact(`applying config failed: ${String(error)}`)));
    }),
    registry.on('issues', ({ issues }) => events.emit('configIssues', { issues })),
    pool.on('state', (status) => events.emit('serverState', status)),
    pool.on('inventory', (payload) => events.emit('inventoryChanged', payload)),
  ];
  if (options.watch) registry.watch();
  if (options.warmUp) {
    applying = applying.then(() => {
      for (const status of pool.statuses()) {
        if (status.inventoryUpdatedAt !== undefined || !status.enabled || status.approval === 'pending') continue;
        pool.start(status.name).catch((error: unknown) => log(redact(`warming up ${status.name} failed: ${String(error)}`)));
      }
    });
  }

  const ports = options.ports ?? { ui: DEFAULT_UI_PORT, bridge: DEFAULT_BRIDGE_PORT };
  const api = createAppApi({
    version: VERSION,
    registry,
    pool,
    vault,
    events,
    settled: async () => {
      await applying;
    },
    doctor: () =>
      runDoctor({
        dataDir: registry.dataDir,
        configFile: registry.file,
        configIssues: registry.issues(),
        servers: registry.config().mcpServers,
        approval: (name, config) => registry.approvals.status(name, config),
        env,
        ports,
        extra: async () => [vaultDoctorCheck(await vault.checkHealth())],
      }),
  });

  let closing: Promise<void> | undefined;
  return {
    api,
    registry,
    pool,
    vault,
    close: () => {
      closing ??= (async () => {
        for (const off of unsubscribe) off();
        await applying.catch(() => undefined);
        await pool.close();
        await registry.close();
        await vault.close();
      })();
      return closing;
    },
  };
}
