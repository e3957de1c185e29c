import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * The call whose async context code runs in: a call runs inside its scope, so whatever it starts
 * carries it. Over Streamable HTTP the SDK's client reads a POST's SSE response in a loop started by
 * that POST's send (client/streamableHttp.js, SDK 1.32), so a server's request sent on that stream
 * (MCP 2025-11-25 basic/transports §"Sending Messages to the Server": one related to the client's
 * request) is handled inside the scope of the call that sent it. Connections start outside every
 * scope, so their standalone GET stream and stdio pipes carry none.
 */
const scope = new AsyncLocalStorage<object>();

/** Runs `body` inside the scope of `call` (an opaque mark its RunningCalls recognizes). */
export function inCallScope<T>(call: object, body: () => T): T {
  return scope.run(call, body);
}

/** Runs `body` outside any call's scope: for what outlives a call (a connection and its listeners). */
export function outsideCallScope<T>(body: () => T): T {
  return scope.exit(body);
}

/** The mark of the call whose scope this is; undefined outside any. */
export function currentCallScope(): object | undefined {
  return scope.getStore();
}
