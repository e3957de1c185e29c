import type { ServerResponse } from 'node:http';
import { CodedError } from '../../shared/errors';
import { agentError, RPC_CODES } from './agent-errors';
import { endJson } from './response-headers';

/** The part of the bridge's connection cap one agent may hold with requests and streams in flight. */
export const AGENT_SHARE_OF_CAP = 4;

/** One agent's share of a connection cap. */
export function shareOf(cap: number): number {
  return Math.max(1, Math.floor(cap / AGENT_SHARE_OF_CAP));
}

/**
 * The sessions one agent keeps (past it sessions.ts closes its least recently used): half its share
 * (128 of 256). Each session holds a GET stream, so more sessions than the share would leave the
 * agent no request to use them with; at half, every session's stream and the 64 listen streams
 * (MAX_LISTENS_PER_AGENT) still leave a quarter of the share (64) for calls in flight. `asked`, a
 * lower figure, is kept; a higher one is brought down to it.
 */
export function sessionsPerAgent(cap: number, asked?: number): number {
  const half = Math.max(1, Math.floor(shareOf(cap) / 2));
  return asked === undefined ? half : Math.max(1, Math.min(asked, half));
}

/** Counts each agent's requests in flight (streams and each call of a batch included) and refuses past its share. */
export interface AgentShare {
  /** The most one agent holds at once. */
  readonly share: number;
  /** True when the request may go on (counted until its response closes); false when refused and answered. */
  take(agent: string, res: ServerResponse): boolean;
  /**
   * After `take`, a JSON-RPC batch (JSON-RPC 2.0 §6): each request in it beyond the first holds one
   * more until the batch's response closes. False when refused and answered, one error per request.
   */
  batch(agent: string, res: ServerResponse, body: unknown): boolean;
}

/**
 * One agent's token may hold a quarter of the connection cap at once (256 of 1,024): far more than an
 * agent needs (64 listen streams, a GET stream per session it uses, its calls in flight), and little
 * enough that one token cannot keep every other agent out. A batch counts each request it carries, so
 * a hundred calls in one POST are a hundred, not one. Past it the request is refused as a rate limit
 * the agent can act on (429, our `rate_limited`, JSON-RPC -32012 with code, message and hint in
 * `data`), before its body is read; a batch's, once it is read, for each of its requests.
 */
export function agentShare(cap: number): AgentShare {
  const share = shareOf(cap);
  const open = new Map<string, number>();
  const hold = (agent: string, res: ServerResponse, count: number): void => {
    open.set(agent, (open.get(agent) ?? 0) + count);
    res.once('close', () => {
      const left = (open.get(agent) ?? count) - count;
      if (left > 0) open.set(agent, left);
      else open.delete(agent);
    });
  };
  return {
    share,
    take(agent, res) {
      if ((open.get(agent) ?? 0) >= share) {
        refuse(res, overShare(share));
        return false;
      }
      hold(agent, res, 1);
      return true;
    },
    batch(agent, res, body) {
      const ids = Array.isArray(body) ? body.flatMap(requestId) : [];
      if (ids.length <= 1) return true;
      if ((open.get(agent) ?? 0) + ids.length - 1 > share) {
        refuse(res, batchOverShare(share, ids.length), ids);
        return false;
      }
      hold(agent, res, ids.length - 1);
      return true;
    },
  };
}

/** A batch item's id when it is a request (a notification or a response holds nothing). */
function requestId(message: unknown): Array<string | number> {
  if (typeof message !== 'object' || message === null || !('method' in message) || !('id' in message)) return [];
  const { id } = message;
  return typeof id === 'string' || typeof id === 'number' ? [id] : [];
}

function overShare(share: number): CodedError {
  return new CodedError('rate_limited', `your agent already has ${share} requests and streams open at the bridge, the most it serves one agent at once`, {
    hint: 'close the streams and sessions you no longer use (one listen stream or one session can carry all you need) and wait for calls in flight to end, then retry',
  });
}

function batchOverShare(share: number, calls: number): CodedError {
  return new CodedError('rate_limited', `this batch's ${calls} requests would take your agent past ${share} requests, streams and calls in flight at the bridge, the most it serves one agent at once`, {
    hint: 'send fewer requests in one batch, or wait for calls in flight to end, then retry',
  });
}

/** 429 with one JSON-RPC error per request of a batch, or one with no id (before the body is read). */
function refuse(res: ServerResponse, reason: CodedError, ids?: Array<string | number>): void {
  const error = agentError(reason);
  const answer = (id: string | number | null): object => ({ jsonrpc: '2.0', id, error: { code: RPC_CODES.rate_limited, message: error.message, data: error } });
  endJson(res, 429, JSON.stringify(ids === undefined ? answer(null) : ids.map(answer)), 'Retry-After', 1);
}
