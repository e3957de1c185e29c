import { CodedError } from '../../shared/errors';
import { agentError, rpcError, type AgentError } from './agent-errors';

/**
 * The most bytes of notifications one stream an agent holds open (a 2026-07-28 `subscriptions/listen`,
 * a 2025-era session's GET stream, or a 2025-era POST answered as SSE) may leave unread in the bridge. Past it the bridge ends the stream
 * rather than keep queueing for an agent that stopped reading: without a bound, a server's flood of
 * updates would grow the core's memory by every update times every stream.
 */
export const MAX_UNREAD_STREAM_BYTES = 256 * 1024;

const HINT = 'read the stream as its messages come, or close it when you no longer need it; then open a new one';
const REQUEST_HINT = 'read the answer stream as its messages come (progress, log messages); then send the request again';

const sseFrame = (message: unknown): string => `event: message\ndata: ${JSON.stringify(message)}\n\n`;

const ended = (stream: string, hint = HINT): AgentError =>
  agentError(new CodedError('rate_limited', `the bridge ended this ${stream}: more than ${MAX_UNREAD_STREAM_BYTES} bytes of notifications waited unread on it`, { hint }));

function errorFrame(id: unknown, agentErr: AgentError): string {
  const error = rpcError(agentErr);
  return sseFrame({ jsonrpc: '2.0', id: typeof id === 'string' || typeof id === 'number' ? id : null, error: { code: error.code, message: error.message, data: error.data } });
}

/** The last frame of a listen stream the bridge ends: the listen request's answer, an error the agent can act on. */
export function unreadListenEnd(id: unknown): string {
  return errorFrame(id, ended('subscriptions/listen stream'));
}

/** The answer to request `id` on a POST's SSE stream the bridge ends: the request gets no other. */
export function unreadAnswerEnd(id: unknown): string {
  return errorFrame(id, ended("request's answer stream", REQUEST_HINT));
}

/** The last frame of a session's GET stream the bridge ends (a log message: the stream answers no request). */
export function unreadGetStreamEnd(): string {
  return sseFrame({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'warning', logger: 'connected-services', data: ended("session's GET stream") } });
}
