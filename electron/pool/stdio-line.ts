import type { JSONRPCMessage } from '@modelcontextprotocol/client';
import { invalidAnswer } from './invalid-answer';
import { isTooDeepListing } from './listing-depth';
import { parseRpcMessage, type RpcSchemas } from './rpc-message';

const OPEN_BRACE = 0x7b;

/** As the SDK's stdio transport frames a message (shared/stdio.js): one line of JSON. */
export function serializeMessage(message: JSONRPCMessage): string {
  return JSON.stringify(message) + '\n';
}

/**
 * One stdout line read as a message: `blank` for a line of spaces only, undefined for a line that is
 * not JSON-RPC, `too_deep` for a listing nested past MAX_LISTING_FLOOD_DEPTH (listing-depth.ts; an item
 * nested past MAX_LISTING_DEPTH is left out later, listing-items.ts). A malformed
 * answer to a request becomes an error answer for its id (invalid-answer.ts). A line that does not
 * start with `{` costs a byte compare.
 */
export function readRpcLine(
  buffer: Buffer,
  start: number,
  end: number,
  schemas: RpcSchemas<JSONRPCMessage> | undefined,
): JSONRPCMessage | 'blank' | 'too_deep' | undefined {
  let first = start;
  while (first < end && (buffer[first] === 0x20 || buffer[first] === 0x09 || buffer[first] === 0x0d)) first++;
  if (first === end) return 'blank';
  if (buffer[first] !== OPEN_BRACE) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(buffer.toString('utf8', first, end));
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null || !schemas) return undefined;
  // A cheap look before the schema, whose failures are slow (a flood of `{}` lines); an answer to one
  // of our ids without it still fails its call (invalid-answer.ts).
  if ((value as { jsonrpc?: unknown }).jsonrpc !== '2.0') return invalidAnswer(value);
  if (isTooDeepListing(value)) return 'too_deep';
  try {
    return parseRpcMessage(value, schemas);
  } catch {
    return invalidAnswer(value);
  }
}
