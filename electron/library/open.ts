import { API_METHODS, describeIssues, type ApiEvent, type ApiEventPayload } from '../../shared/api';
import { CodedError } from '../../shared/errors';
import { createContext, type Output } from '../cli';
import { DATA_DIR_ENV } from '../data-dir';
import { markProgram } from '../app';
import { prepareHomeFolder } from '../registry';
import { checkedApi } from './checked-api';
import { boundedPrompts, boundedResources, boundedTools } from './bounded-listings';
import { declaredAgents } from './code-agents';
import { startOnceForListing } from './first-listing';
import { checkedOpenOptions, readThrough } from './open-options';
import { personWaits } from './person-waits';
import { forProgram, memoryOnlyRefusal } from './program-errors';
import { PolledStates } from './polled-states';
import { anchoredServers, withProgramPaths } from './program-paths';
import type { CodeAgentHandle, ConnectedServices, OpenOptions, ServerEntry } from './types';
import { checkedListener } from './checked-listener';

/** A library prints nothing of its own: what goes wrong is in the errors it throws. */
const ignore = (): undefined => undefined;
const silent: Output = { out: ignore, err: ignore };

function checkedServers(servers: Record<string, ServerEntry> | undefined): Record<string, ServerEntry> | undefined {
  if (servers === undefined) return undefined;
  const parsed = API_METHODS.declareServers.input.safeParse({ servers });
  if (!parsed.success) {
    throw new CodedError('invalid_input', `The servers declared in code are not valid: ${describeIssues(parsed.error.issues)}`, {
      hint: 'Each is an mcp.json entry: { command, args, env } (stdio) or { type: "http", url, headers } (HTTP)',
    });
  }
  return anchoredServers(parsed.data.servers);
}

/**
 * Opens the core for a data folder, by the command line's rule (electron/cli/context.ts): while an app
 * runs for the folder, everything goes through that app's App API (a widening waits for the person
 * there); otherwise the core runs in this process. Servers declared in `servers` stand beside mcp.json's,
 * agents declared in `agents` beside agents.json's (with no app, this process runs a bridge for them).
 */
export async function openConnectedServices(given: OpenOptions = {}): Promise<ConnectedServices> {
  const options = checkedOpenOptions(given);
  const code = readThrough('servers', () => checkedServers(options.servers));
  const agents = readThrough('agents', () => declaredAgents(options.agents));
  // Over the program's own environment: `{ CONNECTED_SERVICES_PASSPHRASE }` alone left its servers no PATH or HOME.
  const env = options.env === undefined ? process.env : { ...process.env, ...options.env };
  // The command line's rule for a folder the person named (a missing parent is a typo, not a new tree).
  const fromEnv = env[DATA_DIR_ENV]?.trim();
  if (options.home !== undefined) prepareHomeFolder(options.home, ignore, 'home');
  else if (fromEnv) prepareHomeFolder(fromEnv, ignore, DATA_DIR_ENV);
  const context = createContext(options.home !== undefined ? { home: options.home } : {}, silent, env, { askAtTerminal: false });
  // A long-lived program follows mcp.json as it changes, as the app does; its agents need a bridge.
  const ownBridge = agents ? { ownBridge: options.bridgePort !== undefined ? { port: options.bridgePort } : {} } : {};
  // A new folder gets an empty mcp.json: the demo servers the app writes (pre-approved) are for a person's first run, not a program's.
  const core = await context.core({ watch: true, demo: false, ...(code ? { codeServers: code } : {}), ...ownBridge }).catch((error: unknown) => {
    throw forProgram(error);
  });
  const mode = context.runningApp() ? 'app' : 'in-process';
  // An app started while this core runs here says so at its start (its servers are not the app's).
  const unmark = mode === 'in-process' ? await markProgram(context.dataDir).catch(() => undefined) : undefined;
  const waits = mode === 'app' ? personWaits(core.api, options.confirmTimeoutMs !== undefined ? { timeoutMs: options.confirmTimeoutMs } : {}) : undefined;
  const inner = withProgramPaths(waits ?? core.api);
  let closing: Promise<void> | undefined;
  const declared = Object.keys(code ?? {});
  // Once close() began the program's calls are refused; close's own go through `own`.
  const api = checkedApi(inner, () => closing !== undefined, new Set(declared));
  const own = checkedApi(inner);
  const agentNames = Object.keys(agents?.tokens ?? {});
  let codeAgents: Record<string, CodeAgentHandle> = {};
  const polled = mode === 'app' ? new PolledStates(own) : undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      polled?.stop();
      // A request still waiting is this program's: confirmed after it closed, it would run for nobody.
      await waits?.withdrawAll();
      // The app forgets what this program declared; in this process they go with the core.
      if (mode === 'app' && declared.length > 0) await own.forgetServers({ names: declared }).catch(() => undefined);
      if (mode === 'app' && agentNames.length > 0) await own.forgetAgents({ names: agentNames }).catch(() => undefined);
      await context.close();
      await unmark?.().catch(() => undefined);
    })());
  try {
    // Through an app, the servers declared in code are a widening the person confirms there.
    if (mode === 'app' && code) await api.declareServers({ servers: code });
    // Agents go through the API in both modes: through an app the person confirms them there.
    if (agents) {
      await api.declareAgents(agents.declaration);
      const bridge = await api.bridgeInfo({});
      if (bridge.url === undefined || !bridge.running) {
        throw new CodedError('server_unavailable', `The agents declared in code have no bridge to call through: ${bridge.error ?? 'the bridge is not running'}`, {
          hint: 'Start the app (or connected-services serve) with its bridge, or free the bridge port',
        });
      }
      const url = bridge.url;
      codeAgents = Object.fromEntries(Object.entries(agents.tokens).map(([name, token]) => [name, Object.freeze({ name, url, token })]));
    }
  } catch (error) {
    await close();
    throw error;
  }

  const ok = async (call: Promise<unknown>): Promise<void> => {
    await call;
  };
  return {
    dataDir: context.dataDir,
    mode,
    codeAgents: Object.freeze(codeAgents),
    api,
    listServers: async () => (await api.status({})).servers,
    listTools: async (server) => {
      await startOnceForListing(api, server);
      return boundedTools(await api.listTools(server !== undefined ? { server } : {}));
    },
    callTool: (server, tool, args, callOptions = {}) =>
      api.callTool({ server, tool, ...(args !== undefined ? { arguments: args } : {}), ...(callOptions.timeoutMs !== undefined ? { timeoutMs: callOptions.timeoutMs } : {}) }),
    listResources: async (server) => {
      await startOnceForListing(api, server);
      return boundedResources(await api.listResources(server !== undefined ? { server } : {}));
    },
    readResource: (server, uri) => api.readResource({ server, uri }),
    listPrompts: async (server) => {
      await startOnceForListing(api, server);
      return boundedPrompts(await api.listPrompts(server !== undefined ? { server } : {}));
    },
    getPrompt: (server, name, args) => api.getPrompt({ server, name, ...(args !== undefined ? { arguments: args } : {}) }),
    addServer: (name, entry) => ok(api.addServer({ name, config: entry })),
    updateServer: (name, entry) => ok(api.updateServer({ name, config: entry })),
    removeServer: (name) => ok(api.removeServer({ name })),
    // A server that needs no approval (a URL server sending no secret of the vault, one in clear in the
    // program's own entry included) runs as it is: approving it is done, as approving an approved one is.
    approveServer: async (name) => {
      if ((await api.status({})).servers.find((s) => s.name === name)?.approval === 'not_needed') return;
      await api.approveServer({ name });
    },
    connect: (name) => api.connect({ name }),
    stopServer: (name) => api.stopServer({ name }),
    listAgents: () => api.listAgents({}),
    addAgent: (input) => api.addAgent(input),
    updateAgent: (input) => api.updateAgent(input),
    removeAgent: (name) => ok(api.removeAgent({ name })),
    listSecrets: () => api.listSecrets({}),
    setSecret: async (name, value, server) => {
      // As the command line: a secret the vault would lose when the program ends is not taken.
      const refusal = memoryOnlyRefusal((await api.status({})).vault);
      if (refusal) throw refusal;
      return await api.setSecret({ name, value, ...(server !== undefined ? { server } : {}) });
    },
    deleteSecret: async (name, server) => (await api.deleteSecret({ name, ...(server !== undefined ? { server } : {}) })).deleted,
    listStoreSecrets: (store) => api.listStoreSecrets({ store }),
    setStoreSecret: (store, path, value) => ok(api.setStoreSecret({ store, path, value })),
    deleteStoreSecret: async (store, path) => (await api.deleteStoreSecret({ store, path })).deleted,
    listSecretStores: () => api.listSecretStores({}),
    listStoreReferences: () => api.listStoreReferences({}),
    testStoreReference: (store, path) => api.testStoreReference({ store, path }),
    on: <E extends ApiEvent>(event: E, given: (payload: ApiEventPayload<E>) => void): (() => void) => {
      const listener = checkedListener(event, given);
      if (!polled) return api.on(event, listener);
      if (event !== 'serverState') return () => undefined;
      return polled.listen(listener as (payload: ApiEventPayload<'serverState'>) => void);
    },
    close,
  };
}
