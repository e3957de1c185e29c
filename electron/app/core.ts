import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_BRIDGE_PORT, DEFAULT_UI_PORT } from '../../shared/config';
import type { AppApi, AuditEntry } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { redact, redactor } from '../../shared/redact';
import { commandLineOf, createPool, type Pool } from '../pool';
import { withApprovalCommandLines } from './shown-command';
import { openRegistry, type Registry } from '../registry';
import { createAuthCoordinator, systemBrowserOpener, type AuthCoordinator, type Opener } from '../auth';
import { AgentStore, AuditLog, createBridge, type Bridge } from '../bridge';
import { openVault, secretLookup, type KeychainRunner, type ProviderChoice } from '../vault';
import type { Vault } from '../../shared/vault';
import { createAdminApi } from './admin-api';
import { AdminLog } from './admin-log';
import { createApiDoor, type ApiDoor } from './api-door';
import { createAppApi } from './app-api';
import { Confirmations } from './confirmations';
import { authTargetOf, createAuthApi, withAuthInfo } from './auth-api';
import { forgivingOpener } from './forgiving-opener';
import { SignIns } from './sign-in';
import { createBridgeApi, pendingView } from './bridge-api';
import { registerConfigSecrets } from './config-secrets';
import { importedSecretSink } from './imported-secret-sink';
import { resolveServerConfig } from './resolve-server';
import { SecretFiles } from './secret-files';
import { openPrivateRuntimeDir, sweepRuntimeDirs } from '../fs-safe';
import { readRuntimeFile } from './runtime-file';
import { demoServers } from './demo-servers';
import { isPortFree } from './doctor';
import { coreDoctor } from './core-doctor';
import { chooseBridgePort } from './bridge-port';
import { cliStdioCommand } from './cli-command';
import { EventHub } from './event-hub';
import { createInspectApi } from './inspect-api';
import { ServerLogs } from './server-logs';
import { VERSION } from './version';
import { WaitingAsks } from './waiting-asks';
import { createAskRouter } from './ask-router';
import { createAsksApi } from './asks-api';

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
  /**
   * Run the agent bridge in this process (long-running modes). `port` overrides the config's
   * `settings.bridgePort`; `required` makes a failure to start it fatal instead of reported.
   */
  bridge?: { port?: number; required: boolean };
  /** How sign-in pages are opened; default: the system browser (the URL is logged if that fails). */
  opener?: Opener;
  /** Runs keychain operations (the desktop app's own helper); default: the vault's helper child. */
  keychainRunner?: KeychainRunner;
}

export interface Core {
  /** The App API as the person at this process (the desktop's tray and notifications): changes are logged as `ipc`. */
  readonly api: AppApi;
  /** Where transports enter, naming their caller (electron/app/api-door.ts). */
  readonly door: ApiDoor;
  /** Waiting widenings from the command line; present where the bridge runs (the app). */
  readonly confirmations: Confirmations | undefined;
  /** Servers' requests waiting for the person; a command's own core only (the CLI's `call` answers them at the terminal). */
  readonly asks: WaitingAsks | undefined;
  readonly registry: Registry;
  readonly pool: Pool;
  readonly vault: Vault;
  /** Present when this process runs the bridge. */
  readonly bridge: Bridge | undefined;
  readonly auth: AuthCoordinator;
  readonly signIns: SignIns;
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
    // A long-running process notices what CLI commands write (a sign-in) without waiting for a call.
    ...(options.watch ? { watchIntervalMs: 2000 } : {}),
    ...(options.vaultProvider !== undefined ? { provider: options.vaultProvider } : {}),
    ...(options.passphrasePrompt ? { prompt: options.passphrasePrompt } : {}),
    ...(options.keychainRunner ? { keychain: { runner: options.keychainRunner } } : {}),
  });
  // The demo memory server writes its graph here; it does not create the folder itself.
  if (options.demo !== false) await mkdir(join(options.dataDir, 'demo'), { recursive: true, mode: 0o700 });
  const events = new EventHub();
  // Secret files left by a run that crashed (kill -9, power loss): removed before anything spawns.
  const runtimeDirs = { dataDir: options.dataDir, env };
  await sweepRuntimeDirs(runtimeDirs).catch((error: unknown) => log(redact(`removing left-over runtime files failed: ${String(error)}`)));
  const secretFiles = new SecretFiles({ open: () => openPrivateRuntimeDir(runtimeDirs), lookup: (server) => secretLookup(vault, server), redactor });
  const opener = options.opener ?? forgivingOpener(systemBrowserOpener({ log }), log);
  const auth = createAuthCoordinator({ vault, dataDir: options.dataDir, env, log, opener });
  // Each server's lines of the pool's log, kept for the Logs tab and `logs SERVER`.
  const logs = new ServerLogs();
  // Servers' requests (elicitation, sampling): routed to the agent or the person, audited (set below).
  const waitingAsks = new WaitingAsks();
  let auditAsk: (entry: AuditEntry) => void = () => undefined;
  const askRouter = createAskRouter({ waiting: waitingAsks, audit: (entry) => auditAsk(entry), now: Date.now });
  const ownPool = createPool({
    cacheDir: join(options.dataDir, 'cache', 'inventory'),
    asks: { router: askRouter },
    baseEnv: env,
    log: (line) => {
      logs.poolLine(line);
      log(line);
    },
    resolve: (name, config) => resolveServerConfig(name, config, { secret: secretLookup(vault, name), env, secretFile: secretFiles.resolverFor(name) }),
    // Tokens come from the coordinator, which refreshes them under its locks (the SDK's own auth() would not).
    httpFetch: (name, config) => auth.fetchFor(name, config),
    // The same for programs on this computer: `${token}` and credential files.
    credential: (name, credentialOptions) => {
      const config = registry.config().mcpServers[name];
      if (!config) return Promise.reject(new CodedError('not_found', `No server named "${name}" is configured, so it has no token to give.`, { hint: 'Fix the ${token:SERVER} reference in mcp.json.' }));
      return auth.credential(name, authTargetOf(name, config), credentialOptions);
    },
    approval: (name, config) => registry.approvals.status(name, config),
    gate: (name, config) =>
      registry.approvals.status(name, config) === 'approved'
        ? null
        : new CodedError('denied', `The command of "${name}" is waiting for your approval: ${redact(commandLineOf(config))}`, {
            hint: `Review it, then run \`connected-services servers approve ${name}\``,
            data: { server: name },
          }),
  });
  // Every status shows the whole entry its approval covers (the pool's line: code-loading variables only).
  const pool = withApprovalCommandLines(ownPool, registry);

  const signIns = new SignIns({ auth, pool, registry, onDeviceLogin: (login) => events.emit('deviceLogin', login) });
  registerConfigSecrets(registry.config(), redactor);
  let applying: Promise<unknown> = pool.apply(registry.config());
  const unsubscribe = [
    registry.on('change', ({ config }) => {
      registerConfigSecrets(config, redactor);
      applying = applying.then(() => pool.apply(config)).catch((error: unknown) => log(redact(`applying config failed: ${String(error)}`)));
    }),
    registry.on('issues', ({ issues }) => events.emit('configIssues', { issues })),
    // An approval made by another process (the CLI): the UI learns of it only through an event.
    registry.on('approvals', ({ servers }) => {
      for (const status of pool.statuses()) if (servers.includes(status.name)) events.emit('serverState', status);
    }),
    pool.on('state', (status) => events.emit('serverState', status)),
    pool.on('state', ({ name, state }) => {
      secretFiles.stateChanged(name, state).catch((error: unknown) => log(redact(`removing the secret files of ${name} failed: ${String(error)}`)));
    }),
    pool.on('state', (status) => logs.state(status)),
    pool.on('log', (entry) => logs.message(entry)),
    logs.on('lines', (payload) => events.emit('serverLog', payload)),
    registry.on('change', ({ config }) => logs.retain(Object.keys(config.mcpServers))),
    pool.on('inventory', (payload) => events.emit('inventoryChanged', payload)),
    // A sign-in made by another process (the CLI) brings a server waiting for one back at once.
    vault.on('change', ({ key, change, origin }) => {
      if (origin !== 'external' || change !== 'set' || !key.kind.startsWith('tokens')) return;
      const waiting = pool.statuses().find((s) => s.name === key.server && s.state === 'needs_auth');
      if (waiting) pool.start(waiting.name).catch((error: unknown) => log(redact(`restarting ${waiting.name} after sign-in failed: ${String(error)}`)));
    }),
  ];
  if (options.watch) registry.watch();

  const ports = options.ports ?? { ui: DEFAULT_UI_PORT, bridge: DEFAULT_BRIDGE_PORT };
  const bridgePort = options.bridge?.port ?? registry.config().settings?.bridgePort ?? ports.bridge;
  let bridge: Bridge | undefined;
  let bridgeError: string | undefined;
  if (options.bridge) {
    try {
      const port = await chooseBridgePort({
        given: options.bridge.port,
        configured: registry.config().settings?.bridgePort,
        fallback: ports.bridge,
        configFile: registry.file,
        portFree: isPortFree,
        log,
      });
      bridge = await createBridge({
        pool,
        dataDir: options.dataDir,
        port,
        log,
        version: VERSION,
        auditArguments: () => registry.config().settings?.auditArguments === true,
      });
    } catch (error) {
      if (options.bridge.required) {
        await Promise.all([pool.close().then(() => secretFiles.close()), registry.close(), vault.close()]);
        throw error;
      }
      bridgeError = error instanceof Error ? error.message : String(error);
      log(redact(`the bridge did not start: ${bridgeError}`));
    }
  }
  // After the bridge: a start-up that fails on its port spawns nothing.
  let closed = false;
  if (options.warmUp) {
    applying = applying.then(() => {
      for (const status of pool.statuses()) {
        if (status.inventoryUpdatedAt !== undefined || !status.enabled || status.approval === 'pending') continue;
        pool.start(status.name).catch((error: unknown) => {
          // Stopped by close(): not a failure worth a line.
          if (!closed) log(redact(`warming up ${status.name} failed: ${String(error)}`));
        });
      }
    });
  }
  const agents = bridge?.agents ?? AgentStore.open({ dataDir: options.dataDir, log });
  const audit = bridge?.audit ?? new AuditLog({ dataDir: options.dataDir, log });
  auditAsk = (entry) => audit.append(entry);
  unsubscribe.push(
    waitingAsks.on('pending', (ask) => events.emit('askPending', ask)),
    waitingAsks.on('settled', (settled) => events.emit('askSettled', settled)),
  );
  if (bridge) {
    const live = bridge;
    unsubscribe.push(
      live.approvals.on('pending', (pending) => events.emit('approvalPending', pendingView(pending))),
      live.approvals.on('decided', ({ id, outcome, reason }) =>
        events.emit('approvalDecided', { id, decision: outcome === 'allowed' ? 'allow' : reason === 'timeout' ? 'timeout' : 'deny' }),
      ),
      live.audit.on('entry', (entry) => events.emit('auditEntry', entry)),
      // A config change (a server's tool policy, say) must reach agents' listings.
      registry.on('change', () => {
        applying = applying.then(() => live.refresh());
      }),
    );
  }
  unsubscribe.push(agents.on('change', () => events.emit('agentsChanged', {})));
  // Without a bridge of its own (a CLI command), the address agents need is the running app's.
  const runningBridge = bridge ? undefined : (await readRuntimeFile(options.dataDir))?.bridge;
  const bridgeUrl = bridge?.url ?? runningBridge ?? `http://127.0.0.1:${bridgePort}/mcp`;
  const bridgeApi = createBridgeApi({
    bridge,
    bridgeError,
    agents,
    audit,
    bridgeUrl,
    stdioCommand: () => cliStdioCommand({ dataDir: options.dataDir, env }),
    changed: (info) => events.emit('bridgeChanged', info),
    toolNames: async (server) => (await pool.tools(server).catch(() => [])).map((t) => t.name),
  });

  const settled = async () => {
    await applying;
  };
  const admin = new AdminLog({ dataDir: options.dataDir, log });
  // Only the app (a process running the bridge) has a person to confirm requests.
  const confirmations = options.bridge ? new Confirmations() : undefined;
  const personApi: AppApi = createAppApi({
    bridgeApi,
    asksApi: createAsksApi({ waiting: waitingAsks, opener }),
    adminApi: createAdminApi({ api: () => personApi, admin, ...(confirmations ? { confirmations } : {}) }),
    authApi: createAuthApi({ auth, pool, registry, signIns, settled }),
    inspectApi: createInspectApi({ pool, registry, logs, settled }),
    withAuthInfo: (statuses) => withAuthInfo(auth, registry, statuses),
    version: VERSION,
    registry,
    pool,
    vault,
    events,
    settled,
    doctor: (input) => coreDoctor({ registry, vault, pool, env, ports }, input),
  });
  const door = createApiDoor({ api: personApi, admin, ...(confirmations ? { confirmations } : {}) });
  const api = door.as({ caller: 'ipc' });
  unsubscribe.push(admin.on('entry', (entry) => events.emit('adminEntry', entry)));
  if (confirmations) {
    unsubscribe.push(
      confirmations.on('pending', (confirmation) => events.emit('confirmationPending', confirmation)),
      confirmations.on('decided', ({ confirmation, outcome }) => {
        // A request that ran out of time is logged here; decided ones were logged by whoever decided.
        if (outcome === 'expired') {
          admin.record({ who: confirmation.from, method: confirmation.method, summary: confirmation.summary, input: confirmation.input, outcome: 'expired', confirmation: confirmation.id });
        }
        events.emit('confirmationDecided', { id: confirmation.id, outcome });
      }),
    );
    const expiry = setInterval(() => confirmations.expire(), 15_000);
    expiry.unref();
    unsubscribe.push(() => clearInterval(expiry));
  }

  let closing: Promise<void> | undefined;
  return {
    api,
    door,
    confirmations,
    asks: waitingAsks,
    registry,
    pool,
    vault,
    bridge,
    auth,
    signIns,
    close: () => {
      closing ??= (async () => {
        closed = true;
        for (const off of unsubscribe) off();
        signIns.cancelAll();
        waitingAsks.closeAll();
        await applying.catch(() => undefined);
        // Agents first: no call may reach a pool that is closing.
        await bridge?.close();
        if (!bridge) await audit.close();
        await admin.close();
        await pool.close();
        await secretFiles.close();
        await auth.close();
        await registry.close();
        await vault.close();
      })();
      return closing;
    },
  };
}
