import type { AgentListingBound, ApiEvent, ApiEventPayload, ApiInput, AppApi, DoctorCheck, ServerStatus } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { redactor } from '../../../shared/redact';
import type { CallProgress, Pool } from '../../pool';
import type { Registry } from '../../registry';
import { GLOBAL_SERVER, secretKey, secretNameOf, type Vault } from '../../../shared/vault';
import type { AdminMethods } from '../admin/admin-api';
import type { createAuthApi } from '../sign-in/auth-api';
import type { createBridgeApi } from '../agents/bridge-api';
import type { createClientApi } from '../client-setup';
import type { EventHub } from './event-hub';
import type { createInspectApi } from '../servers/inspect-api';
import type { createAppsApi } from '../apps/apps-api';
import type { AsksMethods } from '../asks/asks-api';
import type { DecisionMethods } from '../decisions';
import type { createSecretStoresApi } from '../secrets/secret-stores-api';
import type { createStoreReferencesApi } from '../secrets/store-references-api';
import { personAsker } from '../asks/person-asker';
import type { RegistryApi } from '../servers/registry-api';
import type { PinsMethods } from '../servers/pins-api';
import type { createInputRoundApi } from '../settings/input-round-api';
import type { createSessionSettingsApi } from '../settings/session-settings-api';
import type { createWebUiSettingsApi } from '../settings/web-ui-settings-api';
import { apiKeyLocation } from '../sign-in/api-key';
import { writeSecret } from '../secrets/secret-write';
import { missingHeaderSecrets } from '../servers/missing-header-secrets';
import { refuseLiteralSecrets } from '../servers/literal-secret-refusal';
import { refuseKeptVariables } from '../servers/kept-variable-refusal';
import { refuseBrokenReferences } from '../servers/reference-refusal';
import { serverEntry } from '../../../shared/config';
import { ownBridgeOptions, refuseRelativeImportPath } from './import-check';
import { refuseWithheldTool } from './withheld-tool';
import { withTiers } from './tiered-tools';
import { removeServerAndBundles } from '../servers/remove-server';

export interface AppApiOptions {
  /** Agents, approvals and audit (electron/app/agents/bridge-api.ts). */
  bridgeApi: ReturnType<typeof createBridgeApi>;
  /** Agent clients' user configurations (detect, diff, write, remove). */
  clientApi: ReturnType<typeof createClientApi>;
  /** Sign-in: connect, disconnect, cancelLogin (electron/app/sign-in/auth-api.ts). */
  authApi: ReturnType<typeof createAuthApi>;
  /** Confirmations and the admin log (electron/app/admin/admin-api.ts). */
  adminApi: AdminMethods;
  /** Logs, resource reads and prompts (electron/app/servers/inspect-api.ts). */
  inspectApi: ReturnType<typeof createInspectApi>;
  /** MCP Apps opened and closed (electron/app/apps/apps-api.ts). */
  appsApi: ReturnType<typeof createAppsApi>;
  /** Servers' requests waiting for the person (electron/app/asks/asks-api.ts). */
  asksApi: AsksMethods;
  /** Everything waiting for the person, and the older per-kind deciding methods over it (electron/app/decisions). */
  decisionsApi: DecisionMethods;
  /** The secret stores and command stores' approvals (electron/app/secrets/secret-stores-api.ts). */
  secretStoresApi: ReturnType<typeof createSecretStoresApi>;
  /** The `${secret:STORE:PATH}` references servers use: listed, tested, revealed (electron/app/secrets/store-references-api.ts). */
  storeReferencesApi: ReturnType<typeof createStoreReferencesApi>;
  /** The MCP registries' catalog (electron/app/servers/registry-api.ts). */
  registryApi: RegistryApi['methods'];
  /** Tools pinned at approval: what waits, and the person's decisions (electron/app/servers/pins-api.ts). */
  pinsApi: PinsMethods;
  /** The settings of a held call's rounds in mcp.json (electron/app/settings/input-round-api.ts). */
  inputRoundApi: ReturnType<typeof createInputRoundApi>;
  /** The settings of a 2025-11-25 HTTP session kept alive, in mcp.json (electron/app/settings/session-settings-api.ts). */
  sessionSettingsApi: ReturnType<typeof createSessionSettingsApi>;
  /** How long a web UI tab stays signed in unused, in mcp.json (electron/app/settings/web-ui-settings-api.ts). */
  webUiSettingsApi: ReturnType<typeof createWebUiSettingsApi>;
  /** A service added, approved and connected in one transaction (electron/app/add-service.ts). */
  addService: AppApi['addService'];
  /** A registry entry installed through addService (electron/app/servers/registry-install.ts). */
  installRegistryEntry: AppApi['installRegistryEntry'];
  /** Adds each OAuth server's credential expiry and scopes to status rows. */
  withAuthInfo: (statuses: ServerStatus[]) => Promise<ServerStatus[]>;
  version: string;
  registry: Registry;
  pool: Pool;
  vault: Vault;
  events: EventHub;
  doctor: (input: ApiInput<'doctor'>) => Promise<DoctorCheck[]>;
  /** Resolves when the pool has applied every config change seen so far. */
  settled: () => Promise<void>;
  /** The agent bridge (its URLs, the app's and this process's; whose a token is): an import leaves out entries that call it. */
  ownBridge?: { urls: () => string[]; tokenAgent: (token: string) => string | undefined };
  /** `all` agents whose listing passes the bound now, for status (electron/bridge/listing-scope.ts). */
  listingBounds?: () => Promise<AgentListingBound[]>;
}

/** Absent when no agent's listing passes the bound (or they could not be read). */
async function listingBoundsOf(deps: AppApiOptions): Promise<{ listingBounds?: AgentListingBound[] }> {
  const bounds = await deps.listingBounds?.().catch(() => undefined);
  return bounds !== undefined && bounds.length > 0 ? { listingBounds: bounds } : {};
}

function configured(registry: Registry, name: string) {
  return registry.require(name);
}

/** At most this many UI calls wait to be cancellable at once; more are refused, not tracked. */
const MAX_CANCELLABLE_CALLS = 256;

/** The one implementation of the App API; IPC and HTTP adapters only carry it. */
export function createAppApi(deps: AppApiOptions): AppApi {
  const { registry, pool, events } = deps;
  /** Calls in flight by the caller's `callId`, so `cancelCall` can abort them (the pool sends notifications/cancelled). */
  const inFlight = new Map<string, AbortController>();
  const track = (callId: string | undefined): AbortController | undefined => {
    if (callId === undefined) return undefined;
    if (inFlight.has(callId)) throw new CodedError('invalid_input', 'a call with this callId is already running', { hint: 'give each call its own callId' });
    if (inFlight.size >= MAX_CANCELLABLE_CALLS) {
      throw new CodedError('rate_limited', `more than ${MAX_CANCELLABLE_CALLS} calls are running`, { hint: 'wait for some to finish' });
    }
    const controller = new AbortController();
    inFlight.set(callId, controller);
    return controller;
  };
  return {
    ...deps.bridgeApi,
    ...deps.clientApi,
    ...deps.authApi,
    ...deps.adminApi,
    ...deps.inspectApi,
    ...deps.appsApi,
    ...deps.asksApi,
    ...deps.secretStoresApi,
    ...deps.storeReferencesApi,
    ...deps.registryApi,
    ...deps.pinsApi,
    ...deps.inputRoundApi,
    ...deps.sessionSettingsApi,
    ...deps.webUiSettingsApi,
    // Last: its deciding methods note who decided, then call the parts' own.
    ...deps.decisionsApi,
    status: async () => {
      await deps.settled();
      return {
        version: deps.version,
        dataDir: registry.dataDir,
        configFile: registry.file,
        configIssues: registry.issues(),
        servers: await deps.withAuthInfo(pool.statuses()),
        vault: deps.vault.health(),
        ...(await missingHeaderSecrets(registry, deps.vault)),
        ...(await listingBoundsOf(deps)),
        ...((reason) => (reason === undefined ? {} : { approvalsIgnored: { file: registry.approvals.file, reason } }))(registry.approvals.ignoredBecause()),
      };
    },
    addServer: async ({ name, config }: ApiInput<'addServer'>) => {
      // First: an unterminated reference would read as text in clear.
      refuseBrokenReferences(config, registry.config().settings);
      refuseLiteralSecrets(name, config);
      refuseKeptVariables(config, registry.config().settings);
      await registry.addServer(name, config);
      await deps.settled();
      return { ok: true as const };
    },
    addService: deps.addService,
    installRegistryEntry: deps.installRegistryEntry,
    declareServers: async ({ servers }: ApiInput<'declareServers'>) => {
      await registry.declareFromCode(servers);
      await deps.settled();
      return { ok: true as const };
    },
    forgetServers: async ({ names }: ApiInput<'forgetServers'>) => {
      await registry.forgetFromCode(names.filter((name) => registry.fromCode(name)));
      await deps.settled();
      return { ok: true as const };
    },
    removeServer: async ({ name }: ApiInput<'removeServer'>) => {
      await removeServerAndBundles(registry, name, deps.settled);
      return { ok: true as const };
    },
    setServerEnabled: async ({ name, enabled }: ApiInput<'setServerEnabled'>) => {
      await registry.setEnabled(name, enabled);
      await deps.settled();
      return { ok: true as const };
    },
    approveServer: async ({ name, commandLine }: ApiInput<'approveServer'>) => {
      const config = configured(registry, name);
      if (registry.approvals.status(name, config) === 'not_needed') {
        throw new CodedError('invalid_input', `"${name}" is a URL server that sends no secret of the vault; only commands and URL servers that send secrets need approval`, {
          hint: 'Nothing to approve: it runs as it is (a value written in clear in its entry is sent as written)',
        });
      }
      // The shown line is the whole entry (shown-command.ts), so any change of what runs is caught here.
      if (commandLine !== undefined && commandLine !== pool.status(name).commandLine) {
        throw new CodedError('invalid_input', `the command of "${name}" changed since it was shown; nothing was approved`, {
          hint: 'review the command again before approving it',
        });
      }
      await registry.approvals.approve(name, config);
      events.emit('serverState', pool.status(name));
      return { ok: true as const };
    },
    stopServer: async ({ name }: ApiInput<'stopServer'>) => pool.stop(name),
    listTools: async ({ server }: ApiInput<'listTools'>) => {
      await deps.settled();
      return withTiers(await pool.tools(server));
    },
    listResources: async ({ server }: ApiInput<'listResources'>) => {
      await deps.settled();
      return pool.resources(server);
    },
    listPrompts: async ({ server }: ApiInput<'listPrompts'>) => {
      await deps.settled();
      return pool.prompts(server);
    },
    callTool: async (input: ApiInput<'callTool'>) => {
      const { callId } = input;
      const controller = track(callId);
      try {
        await deps.settled();
        await refuseWithheldTool(pool, deps.pinsApi, input.server, input.tool);
        // Tool results are shown to people: a secret a server echoes back is removed like anywhere else.
        const result = await pool.callTool(input.server, input.tool, input.arguments ?? {}, {
          ...(input.timeoutMs !== undefined ? { timeoutMs: input.timeoutMs } : {}),
          ...(controller ? { signal: controller.signal } : {}),
          ...(callId !== undefined
            ? { onProgress: (p: CallProgress) => events.emit('callProgress', { callId, ...p }) }
            : {}),
          // The server's requests during the call are the person's to answer.
          asker: personAsker(callId),
        });
        return redactor.redactValue(result);
      } finally {
        if (callId !== undefined && inFlight.get(callId) === controller) inFlight.delete(callId);
      }
    },
    cancelCall: ({ callId }: ApiInput<'cancelCall'>) => {
      const controller = inFlight.get(callId);
      if (!controller) return Promise.resolve({ cancelled: false });
      inFlight.delete(callId);
      controller.abort();
      return Promise.resolve({ cancelled: true });
    },
    serverConfig: async ({ name }: ApiInput<'serverConfig'>) => {
      await deps.settled();
      return { config: configured(registry, name) };
    },
    updateServer: async ({ name, config }: ApiInput<'updateServer'>) => {
      const before = serverEntry(registry.config(), name);
      refuseBrokenReferences(config, registry.config().settings, before);
      refuseLiteralSecrets(name, config, before);
      refuseKeptVariables(config, registry.config().settings);
      await registry.updateServer(name, config);
      // The pool has applied it (a running server restarted) before the status is read.
      await deps.settled();
      return pool.status(name);
    },
    restartServer: async ({ name }: ApiInput<'restartServer'>) => {
      // Taken before anything is awaited: a Stop pressed after Restart wins over its start.
      const asked = pool.stopsAsked(name);
      await deps.settled();
      configured(registry, name);
      return pool.restart(name, asked);
    },
    doctor: async (input) => deps.doctor(input),
    listSecrets: async () => {
      const keys = await deps.vault.keys();
      return keys.flatMap((key) => {
        const name = secretNameOf(key);
        if (name === undefined) return [];
        return key.server === GLOBAL_SERVER ? [{ name }] : [{ name, server: key.server }];
      });
    },
    setSecret: async ({ name, server, value }: ApiInput<'setSecret'>) =>
      writeSecret(deps.vault, secretKey(name, server), value, { config: registry.config(), ...(server !== undefined ? { server } : {}) }),
    setApiKey: async ({ name, value }: ApiInput<'setApiKey'>) =>
      // The vault's change event starts a server that waited for this key (credential-arrival.ts).
      writeSecret(deps.vault, await apiKeyLocation(deps.vault, name, configured(registry, name)), value, { config: registry.config() }),
    deleteSecret: async ({ name, server }: ApiInput<'deleteSecret'>) => ({ deleted: await deps.vault.delete(secretKey(name, server)) }),
    revealSecret: async ({ name, server }: ApiInput<'revealSecret'>) => {
      const value = await deps.vault.get(secretKey(name, server));
      if (value === undefined) throw new CodedError('not_found', `No secret named "${name}"${server ? ` for ${server}` : ''}`, { hint: 'See the Access page for the secrets kept' });
      return { value };
    },
    importConfig: async ({ source, path, credentialFiles }: ApiInput<'importConfig'>) => {
      refuseRelativeImportPath(path);
      const report = await registry.importFrom(source, path, { ...(credentialFiles ? { credentialFiles } : {}), ...ownBridgeOptions(deps.ownBridge) });
      await deps.settled();
      return report;
    },
    on: <E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void) => events.on(event, listener),
  };
}
