import type { CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult, Root } from '@modelcontextprotocol/client';

/**
 * Whoever made a call, opaque to the pool: the layer that routes a server's requests (electron/app)
 * knows what it is (an agent's session, the person). The pool only carries it from the call to the
 * requests the server sends while that call runs.
 */
export interface CallAsker {
  /** Who, for the person and the audit log: `agent "claude"`, `you (app)`. */
  readonly label: string;
}

/** A server's request made while (or outside) a call: what the router needs beyond the request itself. */
export interface AskContext {
  server: string;
  /** The call this request belongs to; undefined outside any call or when it cannot be told apart (see RunningCalls). */
  asker: CallAsker | undefined;
  /** The running call it belongs to (`tool "x"`), for the person and the audit log. */
  call: string | undefined;
  /** Aborted when the call ends, the server cancels the request, or the time limit passes. */
  signal: AbortSignal;
  /** Aborted when the call it belongs to ends; undefined outside any call. */
  ended?: AbortSignal | undefined;
  /** When the time limit passes (ms since epoch). */
  expiresAt: number;
  /**
   * The server's own name for this request, where it asked in an `input_required` result (MCP
   * 2026-07-28 basic/patterns/mrtr §InputRequests: the key its retry's `inputResponses` answers by);
   * undefined for a 2025-era server's request, which has none.
   */
  key?: string;
}

/**
 * Where the pool hands a server's requests (MCP 2025-11-25 client features). The router decides who
 * answers (an agent, the person) and with what checks; the pool only speaks the wire form, so the
 * same router can serve another wire form (multi-round-trip requests, SEP-2322) later.
 */
export interface AskRouter {
  elicit(params: ElicitRequestParams, context: AskContext): Promise<ElicitResult>;
  sample(params: CreateMessageRequestParams, context: AskContext): Promise<CreateMessageResult>;
  /** roots/list of a server whose entry names no roots: the caller's, where it may give them; none without this. */
  roots?(context: AskContext): Promise<Root[]>;
  /** roots/list answered with the roots the entry names (whoever called): told, for the audit. */
  rootsConfigured?(context: Pick<AskContext, 'server' | 'asker' | 'call' | 'ended'>, roots: readonly Root[]): void;
}

/** PoolOptions.asks: the router and the time limit of each request. */
export interface AskOptions {
  router: AskRouter;
  /** Each request is answered within this (elicitation: `cancel`, sampling: an error). Default 5 min. */
  timeoutMs?: number;
}

export const DEFAULT_ASK_TIMEOUT_MS = 5 * 60_000;

/** Without a router (one-shot commands that never set one): elicitation cancelled, sampling refused. */
export const NO_ROUTER: AskRouter = {
  elicit: () => Promise.resolve({ action: 'decline' }),
  sample: () => Promise.reject(new Error('this client has no model to sample from')),
};
