import type { JSONRPCMessage } from '@modelcontextprotocol/server';

/** An answer the Protocol's `_onresponse` is handed (JSON-RPC 2.0 §5). */
type OnResponse = (this: object, response: JSONRPCMessage) => void;

interface ResponseInternals {
  _onresponse?: unknown;
  _responseHandlers?: unknown;
}

/** The Protocol's table of requests waiting for their answer, keyed by number (a Map, or an IdTable). */
function waiting(protocol: ResponseInternals): { get(id: number): unknown } | undefined {
  const table = protocol._responseHandlers;
  return table !== null && typeof table === 'object' && typeof (table as { get?: unknown }).get === 'function' ? (table as { get(id: number): unknown }) : undefined;
}

/**
 * Makes the Protocol refuse an answer whose id is a string that names one of its waiting requests:
 * its `_onresponse` looks every id up as `Number(id)`, so "7" (or "07", " 7", "0x7") would be taken
 * for 7, though JSON-RPC 2.0 §5 asks for the same value of the same type. `refused(id)` (an error
 * answer for that request) goes in its place, so the call fails at once, saying why. This holds for
 * whatever reaches the SDK: a GET stream, another POST's stream, a stdio server's answer to a request
 * of the SDK's own. A string id no request waits for (a Client's `listen:N`, which its own
 * `_onresponse` takes first) goes on as it came. False, nothing changed, when this SDK lacks either member.
 */
export function refuseStringIds(protocol: object, refused: (id: number) => JSONRPCMessage): boolean {
  const fields = protocol as ResponseInternals;
  const entry = fields._onresponse;
  if (typeof entry !== 'function' || waiting(fields) === undefined) return false;
  const onResponse = entry as OnResponse;
  fields._onresponse = function (this: object, response: JSONRPCMessage): void {
    const id = 'id' in response ? response.id : undefined;
    if (typeof id === 'string') {
      const meant = Number(id);
      // The table is read at each answer: useIdTables may have put another in its place.
      if (waiting(fields)?.get(meant) !== undefined) return onResponse.call(this, refused(meant));
    }
    onResponse.call(this, response);
  };
  return true;
}
