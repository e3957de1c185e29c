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

/** Counts each agent's requests in flight (streams included) and refuses the one past its share. */
export interface AgentShare {
  /** The most one agent holds at once. */
  readonly share: number;
  /** True when the request may go on (counted until its response closes); false when refused and answered. */
  take(agent: string, res: ServerResponse): boolean;
}

/**
 * One agent's token may hold a quarter of the connection cap at once (256 of 1,024): far more than an
 * agent needs (64 listen streams, a GET stream per session it uses, its calls in flight), and little
 * enough that one token cannot keep every other agent out. Past it the request is refused as a rate
 * limit the agent can act on (429, our `rate_limited`, JSON-RPC -32012 with code, message and hint in
 * `data`), before its body is read.
 */
export function agentShare(cap: number): AgentShare {
  const share = shareOf(cap);
  const open = new Map<string, number>();
  return {
    share,
    take(agent, res) {
      const held = open.get(agent) ?? 0;
      if (held >= share) {
        refuse(res, share);
        return false;
      }
      open.set(agent, held + 1);
      res.once('close', () => {
        const left = (open.get(agent) ?? 1) - 1;
        if (left > 0) open.set(agent, left);
        else open.delete(agent);
      });
      return true;
    },
  };
}

function refuse(res: ServerResponse, share: number): void {
  const error = agentError(
    new CodedError('rate_limited', `your agent already has ${share} requests and streams open at the bridge, the most it serves one agent at once`, {
      hint: 'close the streams and sessions you no longer use (one listen stream or one session can carry all you need) and wait for calls in flight to end, then retry',
    }),
  );
  endJson(res, 429, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: RPC_CODES.rate_limited, message: error.message, data: error } }), 'Retry-After', 1);
}
