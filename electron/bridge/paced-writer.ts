import type { JSONRPCMessage } from '@modelcontextprotocol/client';

/** The kind of a message already checked against the JSON-RPC schema (JSON-RPC 2.0 §4, §5), by its shape. */
const isResponse = (msg: JSONRPCMessage): boolean => 'result' in msg || 'error' in msg;
const isRequest = (msg: JSONRPCMessage): boolean => 'method' in msg && 'id' in msg;

/** How long a response waits after a notification when the client cannot confirm it read it. */
export const RESPONSE_GAP_MS = 15;

export interface PacedWriterOptions {
  send: (msg: JSONRPCMessage) => Promise<void>;
  failed: (error: unknown) => void;
  /**
   * Resolves true once the client has read everything written so far (it answered a ping), false
   * when it cannot say (then the response waits RESPONSE_GAP_MS). Runs inside the writer's order.
   */
  confirmRead?: () => Promise<boolean>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * Writes messages to the client in order. SDK clients handle a response at once but notifications
 * a microtask later, so a progress notification read in the same chunk as its response is lost
 * (typescript-sdk#2580). A response after a notification therefore goes out only once the client
 * confirmed it read the notification, or, when it cannot, a moment later: on a busy machine the
 * moment alone may not be enough.
 */
export function createPacedWriter(options: PacedWriterOptions): (msg: JSONRPCMessage) => void {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  let writes: Promise<void> = Promise.resolve();
  let notifiedAt = 0;
  let unread = false;
  const settle = async (): Promise<void> => {
    if ((await options.confirmRead?.()) === true) return;
    const since = now() - notifiedAt;
    if (since < RESPONSE_GAP_MS) await sleep(RESPONSE_GAP_MS - since);
  };
  return (msg) => {
    writes = writes
      .then(async () => {
        const response = isResponse(msg);
        if (response && unread) {
          await settle();
          unread = false;
        }
        if (!response && !isRequest(msg)) {
          notifiedAt = now();
          unread = true;
        }
        await options.send(msg);
      })
      .catch(options.failed);
  };
}
