import { AsyncLocalStorage } from 'node:async_hooks';

/*
 * One operation's requests (a server's start: its connection opened and its first listing), so a
 * credential fetched for one of them serves the others: an access token its authorization server
 * says expires at once (RFC 6749 §5.1 `expires_in: 0`) is still the one that request was sent with,
 * and fetching a new one for each of the start's requests gains nothing. Held in memory only, and
 * forgotten when the operation ends: what its requests left running (a stream's reconnect, a timer)
 * finds the operation closed, and every later use fetches a token again.
 */

interface Operation {
  open: boolean;
  readonly held: Set<string>;
}

const current = new AsyncLocalStorage<Operation>();

/** Runs `fn` as one operation: what it holds is held until `fn` settles. */
export async function inRequestOperation<T>(fn: () => Promise<T>): Promise<T> {
  const operation: Operation = { open: true, held: new Set() };
  try {
    return await current.run(operation, fn);
  } finally {
    operation.open = false;
    operation.held.clear();
  }
}

/** Holds `value` for the rest of the operation running now; outside one, nothing. */
export function holdForOperation(value: string): void {
  const operation = current.getStore();
  if (operation?.open === true) operation.held.add(value);
}

/** Whether the operation running now holds `value`. */
export function heldByOperation(value: string): boolean {
  const operation = current.getStore();
  return operation?.open === true && operation.held.has(value);
}
