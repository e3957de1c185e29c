/** How the SDK reports an answer no request of its waits for (core-internal shared/protocol `_onresponse`). */
export const UNKNOWN_ANSWER_PREFIX = 'Received a response for an unknown message ID';

/** The SDK writes the parsed response after the prefix; its schema puts `jsonrpc` then `id` first. */
const ID_AT_START = /^: \{"jsonrpc":"2\.0","id":(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|"(?:[^"\\]|\\.){0,64}")/;

/**
 * What an answer to an unknown id is, for the server's log. Our requests have integer ids counted
 * up from 0, so one below `nextId` was sent (and its call already settled: a late or repeated
 * answer); any other was never sent. JSON-RPC 2.0 §5 matches ids by type too: "7" is not 7.
 * Reads only the message's first characters, as floods of these are common.
 */
export function unknownAnswerNote(message: string, nextId: number | undefined): string {
  const match = ID_AT_START.exec(message.slice(UNKNOWN_ANSWER_PREFIX.length, UNKNOWN_ANSWER_PREFIX.length + 160));
  const raw = match?.[1];
  if (raw === undefined) return 'dropped an answer to an id it was never asked';
  if (raw.startsWith('"')) return `dropped an answer whose id is a string (${raw}): the ids it is asked with are numbers`;
  const id = Number(raw);
  if (Number.isSafeInteger(id) && id >= 0 && nextId !== undefined && id < nextId) return `dropped a late or repeated answer (request ${raw}, already settled)`;
  return `dropped an answer to an id it was never asked (${raw})`;
}
