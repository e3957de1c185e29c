import type { CodedError } from '../../shared/errors';

/** Reasons a connection logged as it stopped its server (connection.ts: `stopFor`, a stdio failure). */
const told = new WeakSet<Error>();

export function markTold(reason: CodedError): void {
  told.add(reason);
}

/** Whether the log already holds this error's reason: it is one told, or made from one (redactCoded keeps it as its cause). */
export function reasonTold(error: CodedError): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current instanceof Error; depth++) {
    if (told.has(current)) return true;
    current = current.cause;
  }
  return false;
}
