import type { JSONRPCMessage, JSONRPCRequest, Transport } from '@modelcontextprotocol/client';
import { standInAnswer } from './message-bound';
import { endedUnanswered } from './not-event-stream';

function isRequest(message: JSONRPCMessage): message is JSONRPCRequest {
  return 'method' in message && 'id' in message;
}

/**
 * Fails a request at once when the server's answer stream (an SSE answer to the POST, MCP basic/transports
 * §Sending Messages to the Server) ended without the answer, instead of at the request's timeout (60 s
 * for a call): the SDK's HTTP transport says so (`onRequestStreamEnd`, after any resumption it tried)
 * but its Protocol passes that on only for a listen. The failure comes as our own error answer
 * (boundedErrorOf), so the SDK's response path clears what it registered for the request.
 * `awaiting(id)` says whether the request still waits (its answer, if the stream carried one, came first).
 * The era probe's request gets it too while its receiver still waits, so a probe whose stream ends
 * falls back to initialize at once instead of at the startup timeout.
 */
export function failEndedUnanswered<T extends Transport>(transport: T, server: string, awaiting: (id: string | number) => boolean): T {
  const send = transport.send.bind(transport);
  transport.send = (message, options) => {
    // A listen settles on its stream's end itself (its own onRequestStreamEnd).
    if (!isRequest(message) || options?.onRequestStreamEnd !== undefined) return send(message, options);
    const { id } = message;
    // The era probe (`server/discover`, a string id: Protocol's are numbers) is answered to the probe's
    // own receiver, which waits while it is the transport's; its fallback to initialize then begins at once.
    const receiver = transport.onmessage;
    const waits = (): boolean => (typeof id === 'string' ? transport.onmessage === receiver : awaiting(id));
    const ended = (): void =>
      // A turn later: an answer the stream carried last has gone through the SDK's response path.
      void setImmediate(() => {
        if (waits()) transport.onmessage?.(standInAnswer(id, endedUnanswered(server), { endedUnanswered: true }));
      });
    return send(message, { ...options, onRequestStreamEnd: ended });
  };
  return transport;
}
