import { describe, expect, it } from 'vitest';
import { API_METHODS, type AgentView, type ApiMethod } from '../../../shared/api';
import { METHOD_POWERS, powerOf, type Power } from './method-powers';

/**
 * Every App API method and what it is to the command line. A method added to the contract fails
 * here until it is classified (and, through `METHOD_POWERS`'s type, fails to compile).
 */
const EXPECTED: Record<ApiMethod, Power | 'depends'> = {
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
  disconnect: 'depends',
  cancelLogin: 'narrowing',
  listSignIns: 'read',
  setApiKey: 'widening',
  addService: 'depends',
  stopServer: 'narrowing',
  listTools: 'read',
  listResources: 'read',
  listPrompts: 'read',
  readLogs: 'read',
  readResource: 'widening',
  openApp: 'widening',
  closeApp: 'narrowing',
  keepApp: 'narrowing',
  listAppPermissions: 'read',
  setAppPermissions: 'person',
  callAppTool: 'widening',
  getPrompt: 'widening',
  callTool: 'widening',
  doctor: 'read',
  listSecrets: 'read',
  listSecretStores: 'read',
  approveSecretStore: 'widening',
  listStoreSecrets: 'read',
  setStoreSecret: 'widening',
  deleteStoreSecret: 'narrowing',
  setSecret: 'widening',
  deleteSecret: 'narrowing',
  revealSecret: 'person',
  listStoreReferences: 'read',
  testStoreReference: 'narrowing',
  revealStoreReference: 'person',
  bridgeInfo: 'read',
  setBridgePaused: 'depends',
  listAgents: 'read',
  addAgent: 'widening',
  updateAgent: 'depends',
  removeAgent: 'narrowing',
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
  answerAsk: 'person',
  openAskUrl: 'person',
  openLink: 'person',
  serverConfig: 'read',
  updateServer: 'widening',
  restartServer: 'narrowing',
  cancelCall: 'narrowing',
  registryCatalog: 'read',
  listHeldChanges: 'read',
  listRefused: 'read',
  listForgottenRemovals: 'read',
  listRemoved: 'read',
  reviewChanges: 'depends',
  refreshRegistries: 'narrowing',
  registryInstallOptions: 'read',
  // Adds a server (and its secrets) as addServer does; a command still waits for approval.
  installRegistryEntry: 'depends',
  listDecisions: 'read',
  decide: 'depends',
  inputRoundSettings: 'read',
  // A longer retry window lets an agent hold a service's call longer.
  setInputRoundSettings: 'widening',
  sessionSettings: 'read',
  // How a quiet session is kept alive, within the file's bounds: no one reaches more.
  setSessionSettings: 'depends',
  webUiSettings: 'read',
  setWebUiSettings: 'widening',
};

const AGENT: AgentView = {
  name: 'claude',
  servers: ['github'],
  policy: { read: 'allow', write: 'ask', destructive: 'deny' },
  tools: {},
  createdAt: 0,
  asks: { elicitation: 'deny', sampling: 'deny', roots: 'deny' },
};
/** mcp.json's session settings now: renewals raised past their default (5), the check's wait lowered below its (10,000). */
const SESSIONS = { sessionRenewalsPerMinute: 20, sessionCheckTimeoutMs: 2_000 };
/** An agent with rules of its own for some tools. */
const RULED: AgentView = { ...AGENT, name: 'ruled', tools: { github: { merge: 'ask', comment: 'allow', close: 'deny' } } };
const AGENTS = new Map([AGENT, RULED].map((agent) => [agent.name, agent]));
const context = { agent: (name: string) => Promise.resolve(AGENTS.get(name)), sessionSettings: () => Promise.resolve(SESSIONS) };

describe('the caller rules of the App API', () => {
  it('setSessionSettings widens when it raises a bound kept against a server, by what the payload changes from what is set', async () => {
    const power = (input: Parameters<typeof powerOf<'setSessionSettings'>>[1]) => powerOf('setSessionSettings', input, context);
    // More new sessions a minute, or longer for a server to hold the check: looser.
    expect(await power({ sessionRenewalsPerMinute: 30 })).toBe('widening');
    expect(await power({ sessionCheckTimeoutMs: 60_000 })).toBe('widening');
    // Back to the default: the check's wait goes up from 2,000 to 10,000 (wider); renewals down from 20 to 5 (narrower).
    expect(await power({ sessionCheckTimeoutMs: null })).toBe('widening');
    expect(await power({ sessionRenewalsPerMinute: null })).toBe('narrowing');
    // Lower bounds, the same values, or only how often the pool checks: nothing loosened.
    expect(await power({ sessionRenewalsPerMinute: 2, sessionCheckTimeoutMs: 1_000 })).toBe('narrowing');
    expect(await power({ sessionRenewalsPerMinute: 20 })).toBe('narrowing');
    expect(await power({ sessionCheckMs: 1_000 })).toBe('narrowing');
    expect(await power({ sessionCheckMs: 0 })).toBe('narrowing');
    // One widening among narrowings is a widening.
    expect(await power({ sessionRenewalsPerMinute: 1, sessionCheckTimeoutMs: 3_000 })).toBe('widening');
  });

  it('classifies every method of the contract, and nothing else', () => {
    expect(Object.keys(METHOD_POWERS).sort()).toEqual(Object.keys(API_METHODS).sort());
    expect(METHOD_POWERS).toEqual(EXPECTED);
  });

  it('decides the input-dependent ones: allowing, enabling and resuming widen; denying, disabling and pausing narrow', async () => {
    expect(await powerOf('decideApproval', { id: 'a', decision: 'allow' }, context)).toBe('widening');
    expect(await powerOf('decideApproval', { id: 'a', decision: 'allow', remember: true }, context)).toBe('widening');
    expect(await powerOf('decideApproval', { id: 'a', decision: 'deny' }, context)).toBe('narrowing');
    // One method for every decision: a call's as decideApproval's, the others the person's own.
    expect(await powerOf('decide', { kind: 'call', id: 'a', answer: { decision: 'allow' } }, context)).toBe('widening');
    expect(await powerOf('decide', { kind: 'call', id: 'a', answer: { decision: 'deny' } }, context)).toBe('narrowing');
    expect(await powerOf('decide', { kind: 'confirmation', id: 'c-1', answer: { decision: 'refuse' } }, context)).toBe('person');
    expect(await powerOf('decide', { kind: 'ask', id: 'ask_1', answer: { action: 'decline' } }, context)).toBe('person');
    // Refusing narrows; accepting, and forgetting a refusal (a refused resource then reads through its template), widen.
    // Dismissing a removal hides from the person what agents lost: theirs to confirm too.
    const review = (decision: 'accept' | 'refuse' | 'forget' | 'dismiss') => powerOf('reviewChanges', { name: 'notes', decisions: [{ kind: 'resource', name: 'notes://keys', decision }] }, context);
    expect([await review('refuse'), await review('accept'), await review('forget'), await review('dismiss')]).toEqual(['narrowing', 'widening', 'widening', 'widening']);
    // Resetting forgotten removals lets acceptNewTools approve a removed tool back changed: the person's to confirm.
    expect(await powerOf('reviewChanges', { name: 'notes', resetForgotten: true }, context)).toBe('widening');
    expect(await powerOf('reviewChanges', { name: 'notes', decisions: [{ kind: 'tool', name: 'a', decision: 'refuse' }], resetForgotten: true }, context)).toBe('widening');
    expect(await powerOf('setServerEnabled', { name: 'github', enabled: true }, context)).toBe('widening');
    expect(await powerOf('setServerEnabled', { name: 'github', enabled: false }, context)).toBe('narrowing');
    expect(await powerOf('setBridgePaused', { paused: false }, context)).toBe('widening');
    expect(await powerOf('setBridgePaused', { paused: true }, context)).toBe('narrowing');
    // Forgetting the issuer pin lets the client secret go to another authorization server.
    expect(await powerOf('disconnect', { name: 'github', forgetIssuer: true }, context)).toBe('widening');
    expect(await powerOf('disconnect', { name: 'github', revoke: true }, context)).toBe('narrowing');
    expect(await powerOf('disconnect', { name: 'github' }, context)).toBe('narrowing');
    // Installing a registry entry widens; its dry run only fetches (and verifies) into the cache.
    const install = { registry: 'https://registry.example', name: 'io.example/echo', server: 'echo', version: '1.0.0', choice: { package: 0 }, label: 'npm echo 1.0.0', digest: 'a'.repeat(64), inputs: {} };
    expect(await powerOf('installRegistryEntry', install, context)).toBe('widening');
    expect(await powerOf('installRegistryEntry', { ...install, dryRun: true }, context)).toBe('narrowing');
  });

  it('calls an agent update widening when it gives anything the agent did not have', async () => {
    const widening = [
      { name: 'claude', servers: '*' as const },
      { name: 'claude', servers: ['github', 'slack'] },
      { name: 'claude', policy: { write: 'allow' as const } },
      { name: 'claude', policy: { destructive: 'ask' as const } },
      { name: 'claude', tools: [{ server: 'github', tool: 'merge', decision: 'allow' as const }] },
      // Removing a rule may give back what the tier allows.
      { name: 'ruled', tools: [{ server: 'github', tool: 'merge', decision: null }] },
      // A rule other than the one the tool has, or one for a tool with none.
      { name: 'ruled', tools: [{ server: 'github', tool: 'merge', decision: 'allow' as const }] },
      { name: 'ruled', tools: [{ server: 'github', tool: 'close', decision: 'ask' as const }] },
      { name: 'ruled', tools: [{ server: 'github', tool: 'comment', decision: 'allow' as const }, { server: 'github', tool: 'push', decision: 'ask' as const }] },
      { name: 'someone-new', servers: [] },
      // Letting services' forms or sampling reach the agent.
      { name: 'claude', asks: { elicitation: 'allow' as const } },
      { name: 'claude', asks: { sampling: 'ask' as const } },
      // Letting the agent's client hand services its folders again.
      { name: 'claude', asks: { roots: 'allow' as const } },
    ];
    for (const input of widening) expect(await powerOf('updateAgent', input, context), JSON.stringify(input)).toBe('widening');
    const narrowing = [
      { name: 'claude', servers: [] },
      { name: 'claude', servers: ['github'] },
      { name: 'claude', policy: { read: 'ask' as const, write: 'deny' as const } },
      { name: 'claude', tools: [{ server: 'github', tool: 'merge', decision: 'deny' as const }] },
      { name: 'claude', asks: { elicitation: 'deny' as const, sampling: 'deny' as const } },
      // Resources and prompts as tools pass the same gate and read tier as the MCP methods.
      { name: 'claude', resourceTools: true },
      { name: 'claude', resourceTools: false, names: 'plain' as const },
      // A per-tool rule sent again as the agent has it (an edit form saved whole) gives nothing.
      { name: 'ruled', tools: [{ server: 'github', tool: 'merge', decision: 'ask' as const }] },
      { name: 'ruled', tools: [{ server: 'github', tool: 'comment', decision: 'allow' as const }, { server: 'github', tool: 'close', decision: 'deny' as const }] },
      // No rule removed from a tool that has none.
      { name: 'claude', tools: [{ server: 'github', tool: 'merge', decision: null }] },
    ];
    for (const input of narrowing) expect(await powerOf('updateAgent', input, context), JSON.stringify(input)).toBe('narrowing');
  });
});
