import type { AgentView, ApiInput, ApiMethod, PolicyDecision, SessionSettingsView } from '../../../shared/api';
import { sessionTimings } from '../../../shared/config';

/**
 * What a method does to what agents can reach:
 * - `read` changes nothing;
 * - `narrowing` takes access away or only operates (stop, sign in): done directly for every caller;
 * - `widening` gives access, a credential or a secret's use: from the command line while an app
 *   runs it becomes a request the person confirms;
 * - `person` is the person's own (deciding those requests): refused to the command line;
 * - `depends` is decided by the input (`powerOf`).
 */
export type Power = 'read' | 'narrowing' | 'widening' | 'person';
type Rule = Power | 'depends';

/** Every App API method, classified: a method added to the contract without a rule does not compile. */
export const METHOD_POWERS: Record<ApiMethod, Rule> = {
  status: 'read',
  addServer: 'widening',
  removeServer: 'narrowing',
  declareServers: 'widening',
  forgetServers: 'narrowing',
  declareAgents: 'widening',
  forgetAgents: 'narrowing',
  setServerEnabled: 'depends',
  approveServer: 'widening',
  connect: 'narrowing',
  // Forgetting the issuer pin lets the client secret go to another authorization server.
  disconnect: 'depends',
  cancelLogin: 'narrowing',
  listSignIns: 'read',
  setApiKey: 'widening',
  // A dry run only reads what the approval would show.
  addService: 'depends',
  stopServer: 'narrowing',
  listTools: 'read',
  listResources: 'read',
  listPrompts: 'read',
  readLogs: 'read',
  // As callTool: past every agent's policy, the caller reads the person's service as the person.
  readResource: 'widening',
  // As readResource: the person's service read (the app's document), shown to the person only.
  openApp: 'widening',
  closeApp: 'narrowing',
  keepApp: 'narrowing',
  listAppPermissions: 'read',
  // The person's own grant of a device to a service's apps: only from their screen.
  setAppPermissions: 'person',
  // The person's own screen asks it for an app they opened; write and destructive need their confirmation.
  callAppTool: 'widening',
  getPrompt: 'widening',
  // Past every agent's policy: the caller acts as the person on any service.
  callTool: 'widening',
  doctor: 'read',
  listSecrets: 'read',
  listSecretStores: 'read',
  approveSecretStore: 'widening',
  listStoreSecrets: 'read',
  setStoreSecret: 'widening',
  deleteStoreSecret: 'narrowing',
  // A replaced credential can send the person's data to someone else's account.
  setSecret: 'widening',
  deleteSecret: 'narrowing',
  revealSecret: 'person',
  listStoreReferences: 'read',
  // Reads a store entry the config names (it may ask to unlock the store); the value stays in the core.
  testStoreReference: 'narrowing',
  revealStoreReference: 'person',
  bridgeInfo: 'read',
  setBridgePaused: 'depends',
  listAgents: 'read',
  addAgent: 'widening',
  updateAgent: 'depends',
  removeAgent: 'narrowing',
  // The new token is in the answer: whoever rotates gets that agent's access.
  rotateAgent: 'widening',
  agentConfig: 'read',
  listClients: 'read',
  planClientConnection: 'read',
  connectClient: 'widening',
  disconnectClient: 'narrowing',
  listApprovals: 'read',
  decideApproval: 'depends',
  readAudit: 'read',
  auditLastUse: 'read',
  findAgentTools: 'read',
  importConfig: 'widening',
  listConfirmations: 'read',
  confirmationAnswer: 'read',
  withdrawConfirmation: 'narrowing',
  decideConfirmation: 'person',
  readAdminLog: 'read',
  listOfflineChanges: 'read',
  acknowledgeChanges: 'person',
  listAsks: 'read',
  // Answers go to a server as the person's; a URL opens in the person's browser.
  answerAsk: 'person',
  openAskUrl: 'person',
  openLink: 'person',
  serverConfig: 'read',
  // A new command, URL or header changes what runs or where credentials go.
  updateServer: 'widening',
  restartServer: 'narrowing',
  cancelCall: 'narrowing',
  registryCatalog: 'read',
  // Fetches public listings into the cache; gives no one access to anything.
  refreshRegistries: 'narrowing',
  registryInstallOptions: 'read',
  // As addService: adds (approves, connects) a server and its secrets; a dry run only fetches into the cache.
  installRegistryEntry: 'depends',
  listHeldChanges: 'read',
  listRefused: 'read',
  listForgottenRemovals: 'read',
  listRemoved: 'read',
  // Accepting lets a new or changed definition reach agents; refusing keeps it from them.
  reviewChanges: 'depends',
  listDecisions: 'read',
  // Its kind's: allowing a call widens, denying narrows; confirmations and asks are the person's.
  decide: 'depends',
  inputRoundSettings: 'read',
  // A longer retry window lets an agent hold a service's call longer (docs/asks.md, "Whose call").
  setInputRoundSettings: 'widening',
  sessionSettings: 'read',
  // Raising a bound kept against a server (its new sessions a minute, how long it may hold our check) widens.
  setSessionSettings: 'depends',
  webUiSettings: 'read',
  // A longer idle limit keeps an unattended tab the person's power longer; a shorter one is asked too,
  // as the settings of rounds are: a change of how long the person is signed in is theirs to make.
  setWebUiSettings: 'widening',
};

const RANK: Record<PolicyDecision, number> = { deny: 0, ask: 1, allow: 2 };

/** Whether an agent update gives anything the agent did not have; unknown agents count as widening. */
function widensAgent(input: ApiInput<'updateAgent'>, current: AgentView | undefined): boolean {
  if (!current) return true;
  if (input.servers !== undefined) {
    if (input.servers === '*') {
      if (current.servers !== '*') return true;
    } else if (current.servers !== '*' && input.servers.some((s) => !current.servers.includes(s))) {
      return true;
    }
  }
  for (const tier of ['read', 'write', 'destructive'] as const) {
    const next = input.policy?.[tier];
    if (next !== undefined && RANK[next] > RANK[current.policy[tier]]) return true;
  }
  // Servers' requests: letting elicitation reach the agent, or sampling reach the person's approval.
  if (input.asks?.elicitation === 'allow' && current.asks?.elicitation !== 'allow') return true;
  if (input.asks?.sampling === 'ask' && current.asks?.sampling !== 'ask') return true;
  // Letting the agent's client hand services its folders again (absent means allowed).
  if (input.asks?.roots === 'allow' && current.asks?.roots === 'deny') return true;
  // `names`, `resourceTools`, `toolMode`, `listFound` and `client` change how the agent reaches what it may
  // use, not what: the same gate and tiers decide each call (resource-tools.ts, search-call.ts), so none widens.
  // Only a per-tool `deny` is sure to narrow: `ask`, `allow` or removing a rule may give more than the tier.
  // A rule sent again as the agent has it (an edit form saved whole) changes nothing, so gives nothing.
  return (input.tools ?? []).some((t) => t.decision !== 'deny' && t.decision !== toolRule(current, t.server, t.tool));
}

/** The agent's own rule for one tool, `null` when it has none (the tier decides), as updateAgent's input says it. */
function toolRule(agent: AgentView, server: string, tool: string): PolicyDecision | null {
  const rules = Object.hasOwn(agent.tools, server) ? agent.tools[server] : undefined;
  return rules !== undefined && Object.hasOwn(rules, tool) ? (rules[tool] ?? null) : null;
}

/**
 * Whether new session settings loosen what a server may make the pool do: more new sessions a minute
 * for a server that keeps forgetting them, or longer for a server to hold the check's `ping`. How often a
 * quiet session is checked is the pool's own traffic, each check bounded by those two: it widens nothing.
 * `null` is the default again, which may be higher than the value set now.
 */
function widensSessions(input: ApiInput<'setSessionSettings'>, current: SessionSettingsView): boolean {
  const before = sessionTimings(current);
  const after = sessionTimings({ ...current, ...Object.fromEntries(Object.entries(input).map(([key, value]) => [key, value ?? undefined])) });
  return after.renewalsPerMinute > before.renewalsPerMinute || after.checkTimeoutMs > before.checkTimeoutMs;
}

export interface PowerContext {
  agent(name: string): Promise<AgentView | undefined>;
  /** The session settings as mcp.json has them now (what `setSessionSettings` changes from). */
  sessionSettings(): Promise<SessionSettingsView>;
}

/** The power of this call with this input. */
export async function powerOf<M extends ApiMethod>(method: M, input: ApiInput<M>, context: PowerContext): Promise<Power> {
  const rule = METHOD_POWERS[method];
  if (rule !== 'depends') return rule;
  switch (method) {
    case 'addService':
      return (input as ApiInput<'addService'>).dryRun === true ? 'read' : 'widening';
    case 'installRegistryEntry':
      // A dry run downloads and verifies a bundle into the cache, as refreshRegistries fetches listings.
      return (input as ApiInput<'installRegistryEntry'>).dryRun === true ? 'narrowing' : 'widening';
    case 'setServerEnabled':
      return (input as ApiInput<'setServerEnabled'>).enabled ? 'widening' : 'narrowing';
    case 'setBridgePaused':
      // Resuming undoes the person's pause.
      return (input as ApiInput<'setBridgePaused'>).paused ? 'narrowing' : 'widening';
    case 'disconnect':
      return (input as ApiInput<'disconnect'>).forgetIssuer === true ? 'widening' : 'narrowing';
    case 'reviewChanges': {
      const { decisions, acceptAll, resetForgotten } = input as ApiInput<'reviewChanges'>;
      // Forgetting a refusal widens too: a refused resource no longer listed is then read through a template that matches it.
      // So does resetForgotten: acceptNewTools then approves new names, one possibly a removed one back changed.
      // A dismissal hides from the person what agents lost: theirs to decide, not another program's.
      return acceptAll === true || resetForgotten === true || (decisions ?? []).some((d) => d.decision !== 'refuse') ? 'widening' : 'narrowing';
    }
    case 'decideApproval':
      return (input as ApiInput<'decideApproval'>).decision === 'allow' ? 'widening' : 'narrowing';
    case 'decide': {
      const decide = input as ApiInput<'decide'>;
      if (decide.kind === 'call') return decide.answer.decision === 'allow' ? 'widening' : 'narrowing';
      // As reviewChanges: accepting lets agents see what the person had not approved.
      if (decide.kind === 'toolChange') return decide.answer.decision === 'accept' ? 'widening' : 'narrowing';
      return 'person';
    }
    case 'updateAgent': {
      const update = input as ApiInput<'updateAgent'>;
      return widensAgent(update, await context.agent(update.name)) ? 'widening' : 'narrowing';
    }
    case 'setSessionSettings':
      return widensSessions(input as ApiInput<'setSessionSettings'>, await context.sessionSettings()) ? 'widening' : 'narrowing';
    default:
      // A `depends` rule without a case is a bug: treat it as the strictest.
      return 'widening';
  }
}
