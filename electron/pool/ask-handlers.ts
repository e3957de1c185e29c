import type { Client, ClientCapabilities, ElicitResult, Root } from '@modelcontextprotocol/client';
import { redact } from '../../shared/redact';
import { APP_MIME_TYPE, APPS_EXTENSION } from '../mcp-apps';
import type { ClientSdk } from './client-sdk';
import type { SetTimer } from './idle-timer';
import { isProtocolError, RPC_ERROR } from './rpc-codes';
import type { RunningCalls } from './running-calls';
import type { AskContext, AskRouter } from './server-asks';
import type { AnswerInput } from './server-rounds';
import { errorMessage } from '../../shared/errors';
import type { AskBudget } from './ask-budget';

/**
 * MCP 2025-11-25 client features the pool's clients declare, so servers offer everything they have
 * (server-everything registers its elicitation, sampling and roots tools only for clients that do).
 */
export const CLIENT_CAPABILITIES: ClientCapabilities = {
  elicitation: { form: {}, url: {} },
  sampling: {},
  roots: { listChanged: true },
  // MCP Apps (SEP-1865): some servers offer their app tools only to clients that can show them.
  extensions: { [APPS_EXTENSION]: { mimeTypes: [APP_MIME_TYPE] } },
};

/** A server's request that ran out of time. */
export class AskTimeout extends Error {}

/**
 * A router's refusal of a server's request, answered with this JSON-RPC code (a ProtocolError
 * without importing the SDK where the router lives).
 */
export class AskRefused extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'AskRefused';
    this.code = code;
  }
}

export interface AskHandlerOptions {
  server: string;
  calls: RunningCalls;
  router: AskRouter;
  timeoutMs: number;
  /** The configured roots, read at each roots/list; undefined when the entry names none. */
  roots: () => Root[] | undefined;
  now: () => number;
  setTimer: SetTimer;
  log: (line: string) => void;
  /** A server's elicitation and sampling requests per second (ask-budget.ts); none: unbounded in rate. */
  budget?: AskBudget | undefined;
}

/**
 * Runs one request through the router with its owner, time limit and cancel: the server's own
 * `notifications/cancelled` (the SDK aborts `serverSignal`), the end of the call it belongs to, or
 * the time limit (spec basic/utilities/cancellation).
 */
async function routed<T>(
  ProtocolError: ClientSdk['ProtocolError'],
  options: AskHandlerOptions,
  serverSignal: AbortSignal,
  key: string | undefined,
  run: (context: AskContext) => Promise<T>,
  onTimeout: () => T,
): Promise<T> {
  const owner = options.calls.owner();
  const abort = new AbortController();
  const stop = (reason: unknown): void => {
    if (!abort.signal.aborted) abort.abort(reason);
  };
  const expiresAt = options.now() + options.timeoutMs;
  const cancelTimer = options.setTimer(() => stop(new AskTimeout(`no answer within ${options.timeoutMs} ms`)), options.timeoutMs);
  const onServer = (): void => stop(new Error('the server cancelled its request'));
  const onCallEnd = (): void => stop(new Error('the call it belongs to ended'));
  serverSignal.addEventListener('abort', onServer, { once: true });
  owner.ended?.addEventListener('abort', onCallEnd, { once: true });
  if (serverSignal.aborted) onServer();
  if (owner.ended?.aborted) onCallEnd();
  const context: AskContext = { server: options.server, asker: owner.asker, call: owner.call, signal: abort.signal, ended: owner.ended, expiresAt, ...(key === undefined ? {} : { key }) };
  // The call's own timeout stops while its agent or the person answers (deadline-hold.ts); this ask's own limit bounds the wait.
  const releaseDeadlines = options.calls.holdDeadlines();
  try {
    const answer = run(context);
    // The router is asked to stop on the signal; the answer never waits past it.
    const aborted = new Promise<never>((_resolve, reject) => {
      const fail = (): void => reject(abort.signal.reason instanceof Error ? abort.signal.reason : new Error('cancelled'));
      if (abort.signal.aborted) fail();
      else abort.signal.addEventListener('abort', fail, { once: true });
    });
    aborted.catch(() => undefined);
    return await Promise.race([answer, aborted]);
  } catch (error) {
    if (abort.signal.reason instanceof AskTimeout) return onTimeout();
    if (isProtocolError(error)) throw error;
    if (error instanceof AskRefused) throw new ProtocolError(error.code, error.message);
    // Said to the server: a reason without anything from our side that may be sensitive.
    throw new ProtocolError(RPC_ERROR.InternalError, redact(errorMessage(error)).slice(0, 500));
  } finally {
    releaseDeadlines();
    cancelTimer();
    serverSignal.removeEventListener('abort', onServer);
    owner.ended?.removeEventListener('abort', onCallEnd);
    stop(new Error('answered'));
  }
}

/**
 * MCP client/roots: the folders the person configured; where the entry names none, the calling
 * agent's (its client's, where the router lets them through); else none. The router hears of either,
 * to audit what an agent's call gave the server.
 */
async function listRoots(ProtocolError: ClientSdk['ProtocolError'], options: AskHandlerOptions, signal: AbortSignal, key: string | undefined): Promise<Root[]> {
  const configured = options.roots();
  const router = options.router;
  if (configured !== undefined) {
    const owner = options.calls.owner();
    router.rootsConfigured?.({ server: options.server, asker: owner.asker, call: owner.call, ended: owner.ended }, configured);
    return configured;
  }
  if (router.roots === undefined) return [];
  const ask = (asked: AbortSignal): Promise<Root[]> => routed(ProtocolError, options, asked, key, (context) => router.roots?.(context) ?? Promise.resolve([]), () => []);
  // A 2026-07-28 round's request is one of at most 16, under its own key.
  if (key !== undefined) return ask(signal);
  return sharedRootsAsk(options, () => ask(NEVER_ABORTED));
}

const NEVER_ABORTED = new AbortController().signal;
/** Per connection, per call (its end signal; undefined outside any), the agent's roots being asked. */
const rootsAsked = new WeakMap<AskHandlerOptions, Map<AbortSignal | undefined, Promise<Root[]>>>();

/**
 * A roots/list that comes while the agent is asked for its roots in the same call gets that answer:
 * one server's thousands at once would each ask the agent and hold a listener on the call's end. A
 * server that cancels its own request gets no answer to it (the SDK's), whatever the others wait for.
 */
function sharedRootsAsk(options: AskHandlerOptions, ask: () => Promise<Root[]>): Promise<Root[]> {
  let asked = rootsAsked.get(options);
  if (asked === undefined) {
    asked = new Map<AbortSignal | undefined, Promise<Root[]>>();
    rootsAsked.set(options, asked);
  }
  const scope = options.calls.owner().ended;
  const pending = asked.get(scope);
  if (pending !== undefined) return pending;
  const made = ask();
  asked.set(scope, made);
  const inFlight = asked;
  const done = (): void => {
    if (inFlight.get(scope) === made) inFlight.delete(scope);
  };
  made.then(done, done);
  return made;
}

/**
 * Past its rate a request is refused before anyone sees it or the audit holds it (MCP client/elicitation
 * §Security: a client SHOULD rate-limit); the budget counts and logs them, and stops a server that keeps
 * on. Either era's requests take from it, in the scope of the call they arrive in (a 2026-07-28 round's together, inputAnswerer).
 */
function overAskBudget(options: AskHandlerOptions): boolean {
  if (options.budget === undefined) return false;
  const owner = options.calls.owner();
  return !options.budget.take(owner.ended, owner.call);
}

function overBudgetError(ProtocolError: ClientSdk['ProtocolError']): Error {
  return new ProtocolError(-1, 'declined: too many requests a second');
}

/**
 * elicitation/create, sampling/createMessage and roots/list on one connection's client: a legacy
 * server's requests, and the input a modern server asks for in an `input_required` result, which
 * the SDK hands to the same handlers (MCP 2026-07-28 §Multi-round-trip requests).
 */
export function registerAskHandlers(client: Pick<Client, 'setRequestHandler'>, ProtocolError: ClientSdk['ProtocolError'], options: AskHandlerOptions): void {
  const overBudget = (): boolean => overAskBudget(options);
  const declined = (): Error => overBudgetError(ProtocolError);
  client.setRequestHandler('elicitation/create', async (request, ctx) => {
    if (overBudget()) throw declined();
    // A request left unanswered in time is dismissed, as a person closing the dialog would (`cancel`).
    return routed(ProtocolError, options, ctx.mcpReq.signal, undefined, (context) => options.router.elicit(request.params, context), (): ElicitResult => ({ action: 'cancel' }));
  });
  client.setRequestHandler('sampling/createMessage', async (request, ctx) => {
    if (overBudget()) throw declined();
    return routed(ProtocolError, options, ctx.mcpReq.signal, undefined, (context) => options.router.sample(request.params, context), () => {
      throw new ProtocolError(RPC_ERROR.RequestTimeout, `no answer to the sampling request within ${options.timeoutMs} ms`);
    });
  });
  client.setRequestHandler('roots/list', async (_request, ctx) => ({ roots: await listRoots(ProtocolError, options, ctx.mcpReq.signal, undefined) }));
}

/**
 * One input request of a 2026-07-28 server's `input_required` result (server-rounds.ts), through the
 * same routing as the handlers above, under the server's key. Its params are checked with the SDK's
 * own schemas, as its handlers' are; a method the revision does not define is refused.
 */
export function inputAnswerer(sdk: Pick<ClientSdk, 'ProtocolError' | 'schemas'>, options: AskHandlerOptions): AnswerInput {
  const { ProtocolError, schemas } = sdk;
  const invalid = (method: string, detail: string): Error => new ProtocolError(RPC_ERROR.InvalidParams, `the server's ${method} input request is invalid: ${detail}`);
  // A round's requests that reach someone take from the call's budget together, before any params are
  // read (a flood of malformed requests is one too): the round goes on whole or is declined whole.
  const admitRound = (methods: readonly string[]): Error | undefined => {
    const count = methods.filter((method) => method === 'elicitation/create' || method === 'sampling/createMessage').length;
    if (count === 0 || options.budget === undefined) return undefined;
    const owner = options.calls.owner();
    return options.budget.takeRound(owner.ended, owner.call, count) ? undefined : overBudgetError(ProtocolError);
  };
  const answer = async (key: string, method: string, params: Record<string, unknown> | undefined, signal: AbortSignal): Promise<unknown> => {
    if (method === 'elicitation/create') {
      const parsed = schemas.ElicitRequestParamsSchema.safeParse(params);
      if (!parsed.success) throw invalid(method, parsed.error.issues[0]?.message ?? 'invalid');
      return routed(ProtocolError, options, signal, key, (context) => options.router.elicit(parsed.data, context), (): ElicitResult => ({ action: 'cancel' }));
    }
    if (method === 'sampling/createMessage') {
      const parsed = schemas.CreateMessageRequestParamsSchema.safeParse(params);
      if (!parsed.success) throw invalid(method, parsed.error.issues[0]?.message ?? 'invalid');
      return routed(ProtocolError, options, signal, key, (context) => options.router.sample(parsed.data, context), () => {
        throw new ProtocolError(RPC_ERROR.RequestTimeout, `no answer to the sampling request within ${options.timeoutMs} ms`);
      });
    }
    if (method === 'roots/list') return { roots: await listRoots(ProtocolError, options, signal, key) };
    throw new ProtocolError(RPC_ERROR.InvalidParams, `"${method.slice(0, 100)}" is not an input request of MCP 2026-07-28`);
  };
  return Object.assign(answer, { admitRound });
}
