import type { CoreEnv } from '../../../shared/core-env';
import { serverEntry } from '../../../shared/config';
import type { AppApi } from '../../../shared/api';
import type { Vault } from '../../../shared/vault';
import type { AuthCoordinator, Opener } from '../../auth';
import { boundSearchedIn, keptPrefixIn, listingBoundsIn, listingNowIn, searchAsAgentIn, searchedOf, type AgentStore, type AuditLog, type Bridge } from '../../bridge';
import type { Pool } from '../../pool';
import type { Registry } from '../../registry';
import { createAdminApi } from '../admin/admin-api';
import { AdminLog } from '../admin/admin-log';
import { createApiDoor, type ApiDoor } from '../door/api-door';
import { createAddService } from '../servers/add-service';
import { refuseKeptVariables } from '../servers/kept-variable-refusal';
import { refuseBrokenReferences } from '../servers/reference-refusal';
import { createAppApi } from './app-api';
import { importRefusal } from './import-check';
import { askUrlChecks } from '../asks/ask-reach';
import { createAsksApi } from '../asks/asks-api';
import { createAuthApi, withAuthInfo } from '../sign-in/auth-api';
import { createBridgeApi } from '../agents/bridge-api';
import { cliStdioCommand } from '../agents/cli-command';
import { clientContext, createClientApi, forgetKeptToken, replaceKeptToken, scrubClientBackups } from '../client-setup';
import { CodeOwners } from '../door/code-owners';
import { Confirmations } from '../door/confirmations';
import { coreDoctor } from '../doctor/core-doctor';
import type { EventHub } from './event-hub';
import { createDecisionsApi, openDecisions, type OpenDecisions } from '../decisions';
import { createInspectApi } from '../servers/inspect-api';
import { AppGrants } from '../apps/app-grants';
import { createAppsApi } from '../apps/apps-api';
import type { AppsHost } from '../apps/apps-host';
import { openSecretStores } from '../secrets/open-secret-stores';
import { createSecretStoresApi } from '../secrets/secret-stores-api';
import { createStoreReferencesApi } from '../secrets/store-references-api';
import type { StoreUses } from '../../secret-stores';
import type { ServerLogs } from '../servers/server-logs';
import type { SignIns } from '../sign-in/sign-in';
import type { CorePorts } from '../agents/start-core-bridge';
import type { RuntimeInfo } from '../lifecycle/runtime-file';
import { VERSION } from '../lifecycle/version';
import type { WaitingAsks } from '../asks/waiting-asks';
import type { RegistryApi } from '../servers/registry-api';
import type { ToolPins } from '../../pinning';
import { createPinsApi } from '../servers/pins-api';
import { createInputRoundApi } from '../settings/input-round-api';
import { createSessionSettingsApi } from '../settings/session-settings-api';
import { createWebUiSettingsApi } from '../settings/web-ui-settings-api';

export interface AppApiParts {
  core: CoreEnv;
  /** Whether this process runs the bridge (the app): only it has a person to confirm requests. */
  runsBridge: boolean;
  ports: CorePorts;
  registry: Registry;
  vault: Vault;
  pool: Pool;
  auth: AuthCoordinator;
  signIns: SignIns;
  opener: Opener;
  logs: ServerLogs;
  waitingAsks: WaitingAsks;
  events: EventHub;
  bridge: Bridge | undefined;
  bridgeError: string | undefined;
  /** Where agents are told to call when `bridge` is absent, or is a program's (then the app's bridge). */
  bridgeUrl: string;
  /** `bridge` is a program's: it serves only the agents declared in code (docs/library.md). */
  programBridge?: boolean;
  agents: AgentStore;
  audit: AuditLog;
  settled: () => Promise<void>;
  registryApi: RegistryApi['methods'];
  /** `installRegistryEntry`, given this App API's addService. */
  registryInstall: RegistryApi['install'];
  apps: AppsHost;
  pins: ToolPins;
  /** Each `${secret:STORE:PATH}` read's outcome, shared with the pool's resolver. */
  storeUses: StoreUses;
  /** runtime.json as the command already read it (CoreOptions.probedRuntime). */
  probedRuntime?: { info: RuntimeInfo | undefined };
}

export interface BuiltAppApi {
  /** The App API as the person at this process: changes are logged as `ipc`. */
  api: AppApi;
  door: ApiDoor;
  admin: AdminLog;
  confirmations: Confirmations | undefined;
  /** Declarations in code tied to the programs that made them (stopped when the core closes). */
  owners: CodeOwners | undefined;
  /** Everything waiting for the person, every kind (electron/app/decisions). */
  decisions: OpenDecisions;
}

/** The App API from its parts (bridge, asks, admin, decisions, auth, inspect), behind the door that names each caller. */
export function buildAppApi(parts: AppApiParts): BuiltAppApi {
  const { registry, vault, pool, auth, events, settled, core } = parts;
  // An agent of agents.json calls the app's bridge, never a program's, which would refuse it.
  const agentUrl = (agent: string): string => (parts.bridge && (parts.programBridge !== true || parts.agents.fromCode(agent)) ? parts.bridge.url : parts.bridgeUrl);
  const bridgeApi = createBridgeApi({
    bridge: parts.bridge,
    bridgeError: parts.bridgeError,
    agents: parts.agents,
    audit: parts.audit,
    bridgeUrl: parts.bridgeUrl,
    agentUrl,
    stdioCommand: () => cliStdioCommand(core),
    changed: (info) => events.emit('bridgeChanged', info),
    toolNames: async (server) => (await pool.tools(server).catch(() => [])).map((t) => t.name),
    // The running bridge's own answer, else the same from the cached inventories.
    boundSearched: async (agent) => (parts.bridge ? searchedOf(await parts.bridge.listingBound(agent.name)) : boundSearchedIn(pool, agent)),
    keptPrefix: async (agent) => (parts.bridge ? parts.bridge.keptPrefix(agent.name) : keptPrefixIn(pool, agent)),
    listingNow: async (agent) => (parts.bridge ? parts.bridge.listingNow(agent.name) : listingNowIn(pool, agent)),
    searchAs: async (agent, query) => (await parts.bridge?.searchAs(agent.name, query)) ?? searchAsAgentIn(pool, parts.audit, core.log, agent, query),
    // An old token left in a client file's backup goes too: backups are for the person's own content.
    keptTokens: {
      replace: async (agent, token) => {
        await replaceKeptToken(vault, agent, token);
        await scrubClientBackups(clientContext(core.env));
      },
      forget: async (agent) => {
        await forgetKeptToken(vault, agent);
        await scrubClientBackups(clientContext(core.env));
      },
    },
  });
  const admin = new AdminLog(core);
  const confirmations = parts.runsBridge ? new Confirmations() : undefined;
  const asksApi = createAsksApi({ waiting: parts.waitingAsks, opener: parts.opener, urls: askUrlChecks(registry, parts.auth) });
  // A program that exits without closing leaves nothing it declared behind (docs/library.md).
  const owners = confirmations
    ? new CodeOwners({
        forget: {
          servers: async (names) => void (await personApi.forgetServers({ names })),
          agents: async (names) => void (await personApi.forgetAgents({ names })),
        },
      })
    : undefined;
  const adminApi = createAdminApi({ api: () => personApi, admin, ...(confirmations ? { confirmations } : {}), ...(owners ? { owners } : {}) });
  const pinsApi = createPinsApi({
    pins: parts.pins,
    registry,
    settled,
    // An explicit start lists a running server afresh; its tools() is that listing reviewed by the pins.
    relist: async (name) => {
      await pool.start(name);
      await pool.tools(name);
    },
    reviewListing: async (name) => {
      await pool.tools(name);
    },
  });
  const decisionParts = { bridgeApi, adminApi, asksApi, pinsApi };
  const decisions = openDecisions({
    core,
    bridge: parts.bridge,
    confirmations,
    waitingAsks: parts.waitingAsks,
    pins: { pins: parts.pins, servers: () => Object.keys(registry.config().mcpServers), pinsApi },
    appCalls: parts.apps.calls,
    ...decisionParts,
  });
  const addService = createAddService({
    registry,
    pool,
    vault,
    connect: async (name, flow, signIn) => {
      // "Start again" on the sheet restarts the sign-in: the transaction waits for the new one.
      const status = await parts.signIns.connect(name, { ...(flow !== undefined ? { flow } : {}), followRetry: true, ...(signIn ? {} : { signIn: false }) });
      return (await withAuthInfo(auth, registry, [status]))[0] ?? status;
    },
    forgetTokens: async (name) => void (await auth.disconnect(name, { revoke: false })),
    settled,
    emitState: (status) => events.emit('serverState', status),
    log: core.log,
  });
  const ownBridge = {
    urls: () => [parts.bridgeUrl, ...(parts.bridge ? [parts.bridge.url] : [])],
    tokenAgent: (token: string) => parts.agents.authenticate(token)?.name,
  };
  const personApi: AppApi = createAppApi({
    bridgeApi,
    ownBridge,
    registryApi: parts.registryApi,
    pinsApi,
    inputRoundApi: createInputRoundApi(registry),
    sessionSettingsApi: createSessionSettingsApi(registry),
    webUiSettingsApi: createWebUiSettingsApi(registry),
    clientApi: createClientApi({
      agents: parts.agents,
      bridgeUrl: agentUrl,
      stdioCommand: () => cliStdioCommand(core),
      vault,
      context: () => clientContext(core.env),
      dataDir: core.dataDir,
    }),
    asksApi,
    adminApi,
    decisionsApi: createDecisionsApi({ queue: decisions.queue, ...decisionParts }),
    authApi: createAuthApi({ auth, pool, registry, signIns: parts.signIns, settled }),
    inspectApi: createInspectApi({ pool, registry, logs: parts.logs, settled }),
    appsApi: createAppsApi({
      pool,
      host: parts.apps,
      settled,
      grants: new AppGrants(core.dataDir),
      audit: (entry) => parts.audit.append(entry),
      auditRefusal: (entry) => parts.audit.appendRefusal(entry),
      serverConfig: (server) => serverEntry(registry.config(), server),
      ownOrigins: () => [parts.bridge?.url ?? parts.bridgeUrl],
      withheldResource: (server, uri) => parts.pins.withheldResource(server, uri),
    }),
    // The running bridge's index (its tool sizes measured once), else the pool's cached inventories.
    listingBounds: async () => {
      const { bridge } = parts;
      const agents = parts.agents.list();
      if (!bridge) return listingBoundsIn(pool, agents);
      const bounds = await Promise.all(agents.map(async (agent) => ({ agent: agent.name, bound: await bridge.listingBound(agent.name) })));
      return bounds.flatMap(({ agent, bound }) => (bound === undefined ? [] : [{ agent, ...bound }]));
    },
    secretStoresApi: createSecretStoresApi({ registry, stores: openSecretStores(registry, vault, core) }),
    storeReferencesApi: createStoreReferencesApi({ registry, stores: openSecretStores(registry, vault, core, parts.storeUses), uses: parts.storeUses }),
    withAuthInfo: (statuses) => withAuthInfo(auth, registry, statuses),
    addService,
    installRegistryEntry: (input) => parts.registryInstall(input, addService),
    version: VERSION,
    registry,
    pool,
    vault,
    events,
    settled,
    doctor: (input) => coreDoctor({ registry, vault, pool, core, ports: parts.ports, forgotten: () => pinsApi.listForgottenRemovals({}), agents: () => parts.agents.list(), ...(parts.probedRuntime ? { probedRuntime: parts.probedRuntime } : {}) }, input),
  });
  const door = createApiDoor({
    api: personApi,
    admin,
    ...(confirmations ? { confirmations } : {}),
    appOpener: (appId) => parts.apps.shelf.get(appId)?.openedBy,
    refuseNow: { importConfig: importRefusal(registry, ownBridge), addServer: async ({ name, config }) => {
        await registry.checkAdd(name);
        refuseBrokenReferences(config, registry.config().settings);
        refuseKeptVariables(config, registry.config().settings);
      },
      updateServer: ({ name, config }) => {
        refuseBrokenReferences(config, registry.config().settings, serverEntry(registry.config(), name));
        return Promise.resolve();
      },
    },
    ...(owners ? { owners } : {}),
  });
  return { api: door.as({ caller: 'ipc' }), door, admin, confirmations, owners, decisions };
}
