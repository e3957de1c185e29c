import type { JSONRPCMessage } from '@modelcontextprotocol/client';

/** The kind of a message already checked against the JSON-RPC schema (JSON-RPC 2.0 §4, §5), by its shape. */
const isResponse = (msg: JSONRPCMessage): boolean => 'result' in msg || 'error' in msg;
const isRequest = (msg: JSONRPCMessage): boolean => 'method' in msg && 'id' in msg;

const RESPONSE_GAP_MS = 15;

/**
 * Writes messages to the client in order. SDK clients handle a response at once but notifications
 * a microtask later, so a progress notification read in the same chunk as its response is lost
 * (typescript-sdk#2580). A response right after a notification therefore waits a moment, so the
 * two reach the client apart.
 */
export function createPacedWriter(send: (msg: JSONRPCMessage) => Promise<void>, failed: (error: unknown) => void): (msg: JSONRPCMessage) => void {
  let writes: Promise<void> = Promise.resolve();
  let notifiedAt = 0;
  return (msg) => {
    writes = writes
      .then(async () => {
        const response = isResponse(msg);
        const since = Date.now() - notifiedAt;
        if (response && since < RESPONSE_GAP_MS) await new Promise((resolve) => setTimeout(resolve, RESPONSE_GAP_MS - since));
        if (!response && !isRequest(msg)) notifiedAt = Date.now();
        await send(msg);
      })
      .catch(failed);
  };
}
