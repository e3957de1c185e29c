import {
  API_EVENTS,
  API_METHODS,
  askDecision,
  callDecision,
  confirmationDecision,
  toolChangeDecision,
  type Decision,
  type DecisionKind,
  type ApiEvent,
  type ApiEventPayload,
  type ApiInput,
  type ApiMethod,
  type ApiOutput,
  type AppApi,
  type ServerStatus,
} from '../../shared/api';
import { CodedError } from '../../shared/errors';

export type FakeHandlers = {
  [M in ApiMethod]?: (input: ApiInput<M>) => ApiOutput<M> | Promise<ApiOutput<M>>;
};

export interface FakeApi extends AppApi {
  /** Delivers an event to the screens, as the core would. */
  emit<E extends ApiEvent>(event: E, payload: ApiEventPayload<E>): void;
  /** Every call made, in order. */
  readonly calls: Array<{ method: ApiMethod; input: unknown }>;
  callsOf<M extends ApiMethod>(method: M): Array<ApiInput<M>>;
  /** Listeners of one event, or of all events. */
  listenerCount(event?: ApiEvent): number;
}

export function serverStatus(patch: Partial<ServerStatus> & { name: string }): ServerStatus {
  return {
    transport: 'stdio',
    enabled: true,
    state: 'ready',
    since: 1_800_000_000_000,
    approval: 'approved',
    toolCount: 0,
    resourceCount: 0,
    promptCount: 0,
    crashes: 0,
    history: [],
    ...patch,
  };
}

const DEFAULTS: FakeHandlers = {
  status: () => ({
    version: '0.0.0-test',
    dataDir: '/home/test/.connected-services',
    configFile: '/home/test/.connected-services/mcp.json',
    configIssues: [],
    servers: [],
    vault: {
      fileExists: false,
      provider: 'memory',
      providerLabel: 'memory (this session only)',
      persistent: false,
      safety: 'memory-only',
      state: 'ready',
      message: 'Secrets are kept in memory for this session only.',
      entryCount: 0,
      corruptFiles: [],
    },
  }),
  listTools: () => [],
  listResources: () => ({ resources: [], templates: [] }),
  listPrompts: () => [],
  readLogs: ({ server }) => ({ server, lines: [], cursor: 0, missed: 0 }),
  listApprovals: () => [],
  listAgents: () => [],
  readAudit: () => [],
  auditLastUse: () => ({ used: [] }),
  findAgentTools: () => ({ tools: [], nothingFits: true, left: 0, services: [], searchesNow: true }),
  doctor: () => [],
  listSecrets: () => [],
  listSecretStores: () => [],
  listStoreReferences: () => [],
  bridgeInfo: () => ({ running: true, paused: false, url: 'http://127.0.0.1:47781/mcp' }),
  listConfirmations: () => [],
  readAdminLog: () => [],
  listOfflineChanges: () => [],
  listAsks: () => [],
  registryCatalog: () => ({ registries: [], entries: [] }),
  registryInstallOptions: () => ({ name: 'io.example/none', version: '1.0.0', options: [] }),
  installRegistryEntry: ({ server }) => ({ name: server, secrets: [], needsApproval: false, steps: [] }),
  listHeldChanges: () => [],
  listRefused: () => [],
  listForgottenRemovals: () => [],
  listRemoved: () => [],
  inputRoundSettings: () => ({}),
  sessionSettings: () => ({}),
  webUiSettings: () => ({}),
};

/** The one in-memory AppApi of the tests: chosen answers, recorded calls, events on demand. */
export interface FakeApiOptions {
  /** Sends each kind's older event with its decision event, as the core does (the screens' tests). */
  decisionEvents?: boolean;
}

export function createFakeApi(handlers: FakeHandlers = {}, options: FakeApiOptions = {}): FakeApi {
  const calls: Array<{ method: ApiMethod; input: unknown }> = [];
  const listeners = new Map<ApiEvent, Set<(payload: unknown) => void>>();
  const merged: FakeHandlers = { ...DEFAULTS, ...handlers };
  // As the core: one list of every kind, from the kinds' own lists (unless a test fakes it itself).
  merged.listDecisions ??= async () => {
    const of = async <T>(list: (() => T[] | Promise<T[]>) | undefined): Promise<T[]> => (list ? await list() : []);
    const all: Decision[] = [
      ...(await of(() => merged.listApprovals?.({}) ?? [])).map(callDecision),
      ...(await of(() => merged.listConfirmations?.({}) ?? [])).map(confirmationDecision),
      ...(await of(() => merged.listAsks?.({}) ?? [])).map(askDecision),
      ...(await of(() => merged.listHeldChanges?.({}) ?? [])).map((h) => toolChangeDecision(h, `${h.server}/${h.kind}/${h.name}`)),
    ];
    return all.sort((a, b) => a.requestedAt - b.requestedAt);
  };
  // As the core: `decide` answers through each kind's own method (a test fakes those, or `decide` itself).
  merged.decide ??= async (input) => {
    const faked = <M extends ApiMethod>(name: M) => {
      const handler = merged[name] as ((input: ApiInput<M>) => ApiOutput<M> | Promise<ApiOutput<M>>) | undefined;
      if (!handler) throw new CodedError('internal', `decide of kind ${input.kind} needs ${name} faked in this test`);
      return handler;
    };
    switch (input.kind) {
      case 'call':
        await faked('decideApproval')({ id: input.id, ...input.answer });
        return { outcome: input.answer.decision === 'allow' ? 'allowed' : 'denied' };
      case 'confirmation':
        return faked('decideConfirmation')({ id: input.id, ...input.answer });
      case 'ask':
        await faked('answerAsk')({ id: input.id, ...input.answer });
        return { outcome: input.answer.action };
      case 'toolChange': {
        const [server = '', kind = 'tool', ...name] = input.id.split('/');
        await faked('reviewChanges')({ name: server, decisions: [{ kind: kind === 'prompt' ? 'prompt' : 'tool', name: name.join('/'), decision: input.answer.decision, ...(input.answer.digest !== undefined ? { digest: input.answer.digest } : {}) }] });
        return { outcome: input.answer.decision === 'accept' ? 'accepted' : 'refused' };
      }
      case 'appCall':
        throw new CodedError('internal', 'decide of kind appCall needs decide faked in this test (app calls have no method of their own)');
    }
  };

  function method<M extends ApiMethod>(name: M) {
    return async (input: ApiInput<M>): Promise<ApiOutput<M>> => {
      calls.push({ method: name, input });
      const handler = merged[name] as ((input: ApiInput<M>) => ApiOutput<M> | Promise<ApiOutput<M>>) | undefined;
      if (!handler) throw new CodedError('internal', `${name} is not faked in this test`);
      return handler(input);
    };
  }

  const api: Partial<FakeApi> = {
    calls,
    callsOf: <M extends ApiMethod>(name: M) => calls.filter((c) => c.method === name).map((c) => c.input as ApiInput<M>),
    on<E extends ApiEvent>(event: E, listener: (payload: ApiEventPayload<E>) => void) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      const wrapped = listener as (payload: unknown) => void;
      set.add(wrapped);
      return () => {
        set.delete(wrapped);
      };
    },
    emit<E extends ApiEvent>(event: E, payload: ApiEventPayload<E>) {
      const parsed = API_EVENTS[event].parse(payload);
      for (const listener of [...(listeners.get(event) ?? [])]) listener(parsed);
      // As the core: each kind's older event comes with its decision event.
      const also = options.decisionEvents === true ? decisionEventOf(event, parsed) : undefined;
      if (also) for (const listener of [...(listeners.get(also[0]) ?? [])]) listener(also[1]);
    },
    listenerCount: (event?: ApiEvent) =>
      event === undefined ? [...listeners.values()].reduce((n, set) => n + set.size, 0) : (listeners.get(event)?.size ?? 0),
  };
  const names = Object.keys(API_METHODS) as ApiMethod[];
  for (const name of names) Object.assign(api, { [name]: method(name) });
  return api as FakeApi;
}

const SETTLED: Partial<Record<ApiEvent, DecisionKind>> = { approvalDecided: 'call', confirmationDecided: 'confirmation', askSettled: 'ask' };

/** The decision event the core sends beside a kind's older one. */
function decisionEventOf(event: ApiEvent, payload: unknown): [ApiEvent, unknown] | undefined {
  if (event === 'approvalPending') return ['decisionAdded', callDecision(payload as ApiEventPayload<'approvalPending'>)];
  if (event === 'confirmationPending') return ['decisionAdded', confirmationDecision(payload as ApiEventPayload<'confirmationPending'>)];
  if (event === 'askPending') return ['decisionAdded', askDecision(payload as ApiEventPayload<'askPending'>)];
  const kind = SETTLED[event];
  if (kind === undefined) return undefined;
  const { id } = payload as { id: string };
  const ended = payload as { decision?: string; outcome?: string };
  return ['decisionSettled', { id, kind, what: id, who: 'person', outcome: ended.outcome ?? ended.decision ?? 'ended', requestedAt: 0, time: 0 }];
}
