import { resolveCoreEnv } from '../../../shared/core-env';
import { storePasswordVariables } from '../../../shared/config';
import { systemBrowserOpener, createAuthCoordinator } from '../../auth';
import { applyFirstConfig } from './apply-chain';
import { AppsHost } from '../apps/apps-host';
import { buildAppApi } from '../api/build-app-api';
import { closeCore } from './close-core';
import type { Core, CoreOptions } from './core-types';
import { EventHub } from '../api/event-hub';
import { forgivingOpener } from '../sign-in/forgiving-opener';
import { forwardAdminEvents, forwardAgentEvents, forwardAskEvents, forwardBridgeEvents, forwardCoreEvents, forwardDecisionEvents } from './forward-events';
import { leftoverAudit } from './leftover-audit';
import { withdrawWithEndedCalls } from '../door/ended-call-confirmations';
import { openCorePool, routeAsks } from './open-core-pool';
import { askUrlChecks } from '../asks/ask-reach';
import { forwardPinEvents, openToolPins } from '../servers/pin-events';
import { openSecretFiles } from '../secrets/open-secret-files';
import { openSecretStores } from '../secrets/open-secret-stores';
import { StoreUses } from '../../secret-stores';
import { openStores } from './open-stores';
import { createRegistryApi } from '../servers/registry-api';
import { ServerLogs } from '../servers/server-logs';
import { SignIns } from '../sign-in/sign-in';
import { AuditLog } from '../../bridge';
import { agentsOf, bridgeUrlOf, configuredBridgePort, portsOf, startCoreBridge } from '../agents/start-core-bridge';
import { warmUpServers } from './warm-up';
import { watchAgentsFile } from '../agents/watch-agents-file';
import { recordAgentsFileEdits } from '../agents/agents-file-edits';

export type { Core, CoreOptions } from './core-types';

/**
 * The composition root, as steps in order: open registry and vault → secret files → auth → pool →
 * apply the config and forward events → bridge → warm-up → App API. `close()` undoes them from the top.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const core = resolveCoreEnv(options, { env: process.env, log: () => undefined, now: Date.now });
  const { env, log } = core;
  const { registry, vault } = await openStores(options, core);
  const events = new EventHub();
  const secretFiles = await openSecretFiles(core, vault);
  const opener = options.opener ?? forgivingOpener(systemBrowserOpener(core), log);
  // One record of store reads for the pool's starts and the Access page's tests.
  const storeUses = new StoreUses(core.now);
  const secretStores = openSecretStores(registry, vault, core, storeUses);
  const auth = createAuthCoordinator({ ...core, ...options.network, vault, opener, secretStore: (server) => secretStores.resolverFor(server), keptVariables: () => storePasswordVariables(registry.config().settings) });
  const logs = new ServerLogs();
  const asks = routeAsks(askUrlChecks(registry, auth));
  const pins = openToolPins(core, registry);
  const leftovers = leftoverAudit();
  const pool = openCorePool({ core, registry, vault, auth, secretFiles, secretStores, asks: asks.router, logs, pins, onLeftovers: leftovers.report });
  options.onPool?.(pool);
  const signIns = new SignIns({ auth, pool, registry, onDeviceLogin: (login) => events.emit('deviceLogin', login), onSignIn: (progress) => events.emit('signIn', progress) });

  const first = applyFirstConfig(registry, pool);
  const applying = first.applying;
  const unsubscribe = forwardCoreEvents({ registry, vault, pool, logs, secretFiles, events, applying, log });
  if (options.watch) registry.watch();

  const ports = portsOf(options);
  const bridgePort = configuredBridgePort(options, registry, ports);
  // The core's, not the bridge's: closed after the pool, whose close still ends servers' requests that are audited.
  const audit = new AuditLog(core);
  // The owners of code agents come with the App API, after the bridge: each request asks them then.
  const liveness: { owners?: { agentAlive(agent: string): boolean } } = {};
  const agentAlive = (agent: string): boolean => liveness.owners?.agentAlive(agent) ?? true;
  const { bridge, bridgeError } = await startCoreBridge({ options, ports, registry, vault, pool, pins, secretFiles, audit, core, agentAlive });
  // After the bridge listens, with no I/O turn between (the bridge's listen resolves in a tick), so no
  // agent finds the pool empty; the 50 inventory caches of a large config then load after the ready
  // line, not before it (docs/how-it-is-built.md).
  first.apply();
  // After the bridge: a start-up that fails on its port spawns nothing.
  let closed = false;
  if (options.warmUp) warmUpServers(pool, applying, log, () => closed);

  const agents = agentsOf(bridge, core);
  asks.auditTo(audit);
  unsubscribe.push(...forwardAskEvents(asks.waiting, events));
  if (bridge) unsubscribe.push(...forwardBridgeEvents(bridge, registry, events, applying));
  unsubscribe.push(...forwardAgentEvents(agents, events));
  if (options.watch) unsubscribe.push(watchAgentsFile(agents, log));
  // A program's bridge serves only the agents it declared (docs/library.md): agents.json's are set up
  // for the app's bridge, running or not, never for the program's port.
  const programBridge = options.bridge?.codeAgentsOnly === true;
  const bridgeUrl = programBridge
    ? await bridgeUrlOf(undefined, options.dataDir, registry.config().settings?.bridgePort ?? ports.bridge)
    : await bridgeUrlOf(bridge, options.dataDir, bridgePort);

  const settled = async (): Promise<void> => {
    await applying.settled();
  };
  // Background refresh only where the process lives on; CONNECTED_SERVICES_REGISTRY_REFRESH=off stops it (tests, air-gapped machines).
  const registryApi = createRegistryApi({
    core,
    registry,
    events,
    background: options.watch === true && env['CONNECTED_SERVICES_REGISTRY_REFRESH'] !== 'off',
    settled,
    ...(options.setTimer ? { setTimer: options.setTimer } : {}),
  });
  unsubscribe.push(() => registryApi.close());
  // The core's clock decides when an app nobody keeps expires (a test moves it past ten minutes).
  const apps = new AppsHost({ now: core.now });
  unsubscribe.push(apps.onStopped((stopped) => events.emit('appClosed', stopped)));
  const { api, door, admin, confirmations, owners, decisions } = buildAppApi({
    core,
    runsBridge: options.bridge !== undefined,
    ports,
    registry,
    vault,
    pool,
    auth,
    signIns,
    opener,
    logs,
    waitingAsks: asks.waiting,
    events,
    bridge,
    bridgeError,
    bridgeUrl,
    programBridge,
    agents,
    audit,
    settled,
    registryApi: registryApi.methods,
    registryInstall: registryApi.install,
    apps,
    pins,
    storeUses,
    ...(options.probedRuntime ? { probedRuntime: options.probedRuntime } : {}),
  });
  unsubscribe.push(...forwardAdminEvents(admin, confirmations, events));
  // The app's own (not a program's): an edit of agents.json by hand is logged, a widening kept for review, once.
  if (options.watch && options.bridge !== undefined && !programBridge) unsubscribe.push(recordAgentsFileEdits(agents, admin, log));
  if (bridge && confirmations) unsubscribe.push(withdrawWithEndedCalls(confirmations, bridge.approvals));
  if (owners) liveness.owners = owners;
  unsubscribe.push(() => owners?.stop());
  unsubscribe.push(leftovers.to(admin));
  unsubscribe.push(registryApi.recordTo(admin));
  unsubscribe.push(...forwardPinEvents(pins, admin, events));
  unsubscribe.push(...forwardDecisionEvents(decisions.queue, events));

  const parts = { unsubscribe, signIns, waitingAsks: asks.waiting, applying, bridge, audit, admin, confirmations, decisions, pool, pins, secretFiles, auth, registry, vault };
  let closing: Promise<void> | undefined;
  return {
    api,
    door,
    confirmations,
    asks: asks.waiting,
    registry,
    pool,
    vault,
    bridge,
    auth,
    signIns,
    apps,
    close: () => {
      closing ??= (async () => {
        closed = true;
        await closeCore(parts);
      })();
      return closing;
    },
  };
}
