import { withSuggestion } from '../../../shared/text';
import type { AgentView, ApiInput, AppApi, BridgeInfo, CodeAgent, PendingApproval } from '../../../shared/api';
import { unknownPrefixReason } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { bridgeAddressNote } from './address-note';
import { agentSettingsView } from './agent-view';
import { findAgentTools, type SearchAs } from './find-tools-api';
import { tokenReferenceNote } from './token-reference-note';
import { assumedTarget, describeClient, describeBoundSearched, describeConnectEntry, describeToolMode, snippetFile, type Agent, type AgentAsks, type AgentPolicy, type AgentStore, type AuditLog, type Bridge, type CodeAgentInput, type ListingNow, type PendingApproval as BridgePendingApproval, type StdioCommand } from '../../bridge';

export interface BridgeApiOptions {
  /** Present in long-running processes (serve, the desktop app). */
  bridge: Bridge | undefined;
  /** Why the bridge is not running, when it failed to start. */
  bridgeError: string | undefined;
  agents: AgentStore;
  audit: AuditLog;
  bridgeUrl: string;
  /** The bridge an agent calls: this process's, else the app's (bridgeUrl). */
  agentUrl: (agent: string) => string;
  /** How a stdio client starts `bridge --stdio` on this machine (asked only for a snippet). */
  stdioCommand?: () => StdioCommand;
  /** The bridge was paused or resumed. */
  changed: (info: BridgeInfo) => void;
  /** The servers an `all` agent searches past the listing bound, `*` for all (listing-scope.ts' boundSearched). */
  boundSearched?: (agent: Agent) => Promise<readonly string[] | '*' | undefined>;
  /** What an agent's search_tools answers: the running bridge's, else from the cached inventories. */
  searchAs?: SearchAs;
  /** The names that keep their prefix for an agent with plain names: the running bridge's, else from the cached inventories. */
  keptPrefix?: (agent: Agent) => Promise<string[] | undefined>;
  /** Whether an agent's next listing searches, and the size of its tools: the running bridge's, else from the cached inventories. */
  listingNow?: (agent: Agent) => Promise<ListingNow | undefined>;
  /** Tool names in a server's cached inventory (never spawns; empty when never listed). */
  toolNames?: (server: string) => Promise<string[]>;
  /** The copy of an agent's token the vault keeps for the helpers clients start (client-setup/kept-token.ts). */
  keptTokens?: { replace(agent: string, token: string): Promise<void>; forget(agent: string): Promise<void> };
}

type BridgeMethods = Pick<
  AppApi,
  'bridgeInfo' | 'setBridgePaused' | 'listAgents' | 'addAgent' | 'declareAgents' | 'forgetAgents' | 'updateAgent' | 'removeAgent' | 'rotateAgent' | 'agentConfig' | 'listApprovals' | 'decideApproval' | 'readAudit' | 'auditLastUse' | 'findAgentTools'
>;

/** A waiting call as the UI and CLI see it (the queue's own record carries nothing more, but is not the wire type). */
export function pendingView(pending: BridgePendingApproval): PendingApproval {
  const { id, agent, server, kind, tool, tier, requestedAt, expiresAt } = pending;
  const view: PendingApproval = { id, agent, server, kind, tool, tier, requestedAt, expiresAt };
  if (pending.arguments !== undefined) view.arguments = pending.arguments;
  if (pending.warning !== undefined) view.warning = pending.warning;
  return view;
}

/** Only the tiers the person set; the store fills in the rest. */
/** The settings given, without the ones left out (exactOptionalPropertyTypes). */
function definedAsks(asks: { elicitation?: AgentAsks['elicitation'] | undefined; sampling?: AgentAsks['sampling'] | undefined; roots?: AgentAsks['roots'] | undefined }): Partial<AgentAsks> {
  return {
    ...(asks.elicitation !== undefined ? { elicitation: asks.elicitation } : {}),
    ...(asks.sampling !== undefined ? { sampling: asks.sampling } : {}),
    ...(asks.roots !== undefined ? { roots: asks.roots } : {}),
  };
}

function tiers(policy: Partial<Record<keyof AgentPolicy, AgentPolicy[keyof AgentPolicy] | undefined>> | undefined): Partial<AgentPolicy> {
  const out: Partial<AgentPolicy> = {};
  for (const tier of ['read', 'write', 'destructive'] as const) {
    const decision = policy?.[tier];
    if (decision !== undefined) out[tier] = decision;
  }
  return out;
}

/** A declaration from the App API as the store takes it (exactOptionalPropertyTypes). */
function codeAgentInput(agent: CodeAgent): CodeAgentInput {
  return {
    tokenHash: agent.tokenHash,
    servers: agent.servers,
    policy: tiers(agent.policy),
    ...(agent.tools !== undefined ? { tools: agent.tools } : {}),
    ...(agent.asks !== undefined ? { asks: definedAsks(agent.asks) } : {}),
    ...(agent.names !== undefined ? { names: agent.names } : {}),
    ...(agent.resourceTools !== undefined ? { resourceTools: agent.resourceTools } : {}),
    ...(agent.toolMode !== undefined ? { toolMode: agent.toolMode } : {}),
    ...(agent.client !== undefined ? { client: agent.client } : {}),
  };
}

function running(bridge: Bridge | undefined, where = 'Approvals are decided in the running app'): Bridge {
  if (!bridge) {
    throw new CodedError('server_unavailable', 'The bridge is not running in this process', {
      hint: `${where}: start it with \`connected-services serve\` or the desktop app`,
    });
  }
  return bridge;
}

/** The App API's agents, approvals and audit methods, over the bridge's stores. */
export function createBridgeApi(deps: BridgeApiOptions): BridgeMethods {
  const { agents } = deps;
  const view = (agent: Agent): AgentView => {
    const lastUsedAt = deps.bridge?.lastUsedAt(agent.name);
    const protocol = deps.bridge?.protocolOf(agent.name);
    return {
      ...agentSettingsView(agent),
      ...(agent.fromCode === true ? { fromCode: true } : {}),
      ...(lastUsedAt !== undefined ? { lastUsedAt } : {}),
      ...(protocol !== undefined ? { protocol } : {}),
    };
  };
  /**
   * The view, with the names that keep their prefix for an agent with plain names, the services it
   * searches past the listing bound, and for an `auto` agent whether it searches now: each from the
   * running bridge, else from the cached inventories (a command run with no app running).
   */
  const viewWithNames = async (agent: Agent): Promise<AgentView> => {
    const kept = agent.names === 'plain' ? await deps.keptPrefix?.(agent).catch(() => undefined) : undefined;
    const searched = await deps.boundSearched?.(agent).catch(() => undefined);
    const auto = agent.toolMode === 'auto' ? await deps.listingNow?.(agent).catch(() => undefined) : undefined;
    return {
      ...view(agent),
      ...(kept !== undefined ? { keptPrefix: kept } : {}),
      ...(searched !== undefined ? { boundSearched: searched === '*' ? '*' : [...searched] } : {}),
      ...(auto !== undefined ? { autoListing: { searches: auto.searches, tools: auto.tools, tokens: auto.tokens } } : {}),
    };
  };
  const existing = (name: string): Agent => {
    const agent = agents.get(name);
    if (!agent) throw new CodedError('not_found', `No agent named "${name}"`, { hint: 'See `connected-services agents list`' });
    return agent;
  };
  /** A rule names a tool of the server's last inventory; a server never listed cannot be checked. */
  const knownTool = async (server: string, tool: string): Promise<void> => {
    const names = (await deps.toolNames?.(server)) ?? [];
    if (names.length === 0 || names.includes(tool)) return;
    throw new CodedError('invalid_input', `"${server}" has no tool "${tool}" in its last inventory`, {
      hint: withSuggestion(tool, names, `See \`connected-services tools ${server}\` for its tools (--refresh if it changed)`),
    });
  };
  const info = (): BridgeInfo =>
    deps.bridge
      ? { running: true, paused: deps.bridge.paused, url: deps.bridge.url }
      : { running: false, paused: false, url: deps.bridgeUrl, ...(deps.bridgeError ? { error: deps.bridgeError } : {}) };
  return {
    bridgeInfo: () => Promise.resolve(info()),
    setBridgePaused: ({ paused }: ApiInput<'setBridgePaused'>) => {
      const bridge = running(deps.bridge, 'The bridge is paused and resumed in the running app');
      if (paused !== bridge.paused) {
        if (paused) bridge.pause();
        else bridge.resume();
        deps.changed(info());
      }
      return Promise.resolve(info());
    },
    listAgents: () => Promise.all(agents.list().map(viewWithNames)),
    addAgent: async ({ name, servers, policy, names, resourceTools, toolMode, listFound, client }: ApiInput<'addAgent'>) => {
      // A new agent sees nothing until the person chooses its servers, unless they say all.
      const { agent, token } = await agents.add(name, {
        servers: servers ?? [],
        policy: tiers(policy),
        ...(names !== undefined ? { names } : {}),
        ...(resourceTools !== undefined ? { resourceTools } : {}),
        ...(toolMode !== undefined ? { toolMode } : {}),
        ...(listFound !== undefined ? { listFound } : {}),
        ...(client !== undefined ? { client } : {}),
      });
      return { agent: view(agent), token };
    },
    updateAgent: async ({ name, servers, policy, tools, asks, names, resourceTools, toolMode, listFound, client }: ApiInput<'updateAgent'>) => {
      existing(name);
      // Checked before anything changes: a rule for a tool that is not there would never apply.
      for (const change of tools ?? []) if (change.decision !== null) await knownTool(change.server, change.tool);
      let agent = await agents.update(name, { ...(servers !== undefined ? { servers } : {}), policy: tiers(policy), ...(asks !== undefined ? { asks: definedAsks(asks) } : {}), ...(names !== undefined ? { names } : {}), ...(resourceTools !== undefined ? { resourceTools } : {}), ...(toolMode !== undefined ? { toolMode } : {}), ...(listFound !== undefined ? { listFound } : {}), ...(client !== undefined ? { client } : {}) });
      for (const change of tools ?? []) agent = await agents.setToolDecision(name, change.server, change.tool, change.decision);
      return viewWithNames(agent);
    },
    declareAgents: ({ agents: declared }: ApiInput<'declareAgents'>) => {
      agents.declareFromCode(Object.fromEntries(Object.entries(declared).map(([name, agent]) => [name, codeAgentInput(agent)])));
      return Promise.resolve({ ok: true as const });
    },
    forgetAgents: ({ names }: ApiInput<'forgetAgents'>) => {
      agents.forgetFromCode(names.filter((name) => agents.fromCode(name)));
      return Promise.resolve({ ok: true as const });
    },
    removeAgent: async ({ name }: ApiInput<'removeAgent'>) => {
      existing(name);
      await agents.remove(name);
      await deps.keptTokens?.forget(name);
      return { ok: true as const };
    },
    rotateAgent: async ({ name }: ApiInput<'rotateAgent'>) => {
      existing(name);
      const token = await agents.rotate(name);
      // The clients connected through the helper get the new token the next time they start it.
      await deps.keptTokens?.replace(name, token);
      return { agent: view(existing(name)), token };
    },
    agentConfig: async ({ name, for: given, token }: ApiInput<'agentConfig'>) => {
      const agent = existing(name);
      const searched = await deps.boundSearched?.(agent).catch(() => undefined);
      // Without a client named, the one its names are made for (and the answer says it assumed it).
      const assumed = given === undefined ? assumedTarget(agent.client) : undefined;
      const target = given ?? assumed?.target ?? 'claude-code';
      const bridgeUrl = deps.agentUrl(name);
      const text = agents.configSnippet(name, token ?? null, {
        for: target,
        bridgeUrl,
        ...(deps.stdioCommand ? { stdioCommand: deps.stdioCommand() } : {}),
      });
      const file = snippetFile(target, name);
      const notes = [describeToolMode(agent.toolMode, agent.listFound), ...(searched !== undefined ? [describeBoundSearched(searched)] : []), describeClient(agent.client, agent.name)];
      // An empty list is kept on purpose (`agents set --no-servers`), yet the client would list nothing.
      if (agent.servers.length === 0) {
        notes.unshift(`it may use no server, so its client finds no tools: ${agent.fromCode === true ? 'give it some where the program declares it' : `connected-services agents set "${name}" --servers NAME,… (or * for all)`}`);
      }
      if (agent.fromCode === true) notes.push(`declared in a program's code (from code): its token is that program's, and it is changed there`);
      // A client whose prefix the names were not made for may find some too long (issue #32).
      const noPrefix = unknownPrefixReason(target);
      if (noPrefix !== undefined) {
        if (typeof agent.client !== 'number') notes.push(`${noPrefix} (connected-services agents set "${name}" --for N)`);
      } else if (agent.client === undefined) notes.push(`make its names fit ${target}'s prefix: connected-services agents set "${name}" --for ${target}`);
      else if (agent.client !== target) {
        notes.push(`its names are made for ${typeof agent.client === 'number' ? `a prefix of ${agent.client} characters` : agent.client}, not ${target}: connected-services agents set "${name}" --for ${target}`);
      }
      if (text.includes(bridgeUrl)) notes.push(bridgeAddressNote(bridgeUrl));
      // Codex's entry never holds the token, given or not: it names the variable Codex reads it from.
      if (token === undefined || target === 'codex') notes.push(tokenReferenceNote(target, name));
      // The printed entry holds the token or a reference to it; the one `agents connect` writes holds neither.
      const written = describeConnectEntry(target, name);
      if (written !== undefined) notes.push(written);
      return { text, for: target, ...(assumed ? { assumed: assumed.why } : {}), ...(file ? { file } : {}), notes };
    },
    listApprovals: () => Promise.resolve(deps.bridge ? deps.bridge.approvals.list().map(pendingView) : []),
    decideApproval: async ({ id, decision, remember }: ApiInput<'decideApproval'>) => {
      const { approvals } = running(deps.bridge);
      if (decision === 'allow') await approvals.allow(id, { remember: remember ?? false });
      else approvals.deny(id);
      return { ok: true as const };
    },
    readAudit: async (query: ApiInput<'readAudit'>) => {
      await deps.audit.flush();
      return deps.audit.read({
        ...(query.agent !== undefined ? { agent: query.agent } : {}),
        ...(query.server !== undefined ? { server: query.server } : {}),
        ...(query.outcome !== undefined ? { outcome: query.outcome } : {}),
        ...(query.limit !== undefined ? { limit: query.limit } : {}),
        ...(query.before !== undefined ? { before: query.before } : {}),
      });
    },
    findAgentTools: async (input: ApiInput<'findAgentTools'>) => {
      const agent = existing(input.agent);
      if (!deps.searchAs) throw new CodedError('internal', 'Tool search is not available in this process');
      return findAgentTools(agent, input, deps.searchAs);
    },
    auditLastUse: async ({ servers }: ApiInput<'auditLastUse'>) => {
      await deps.audit.flush();
      const { used, since } = await deps.audit.lastUse(servers);
      return { used: [...used].map(([server, time]) => ({ server, time })), ...(since !== undefined ? { since } : {}) };
    },
  };
}
