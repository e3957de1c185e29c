import { IdTable } from '../../shared/collections';

/** The SDK Protocol's tables (v2 core-internal shared/protocol) that gain and lose an entry per request. */
const PER_REQUEST = ['_responseHandlers', '_progressHandlers', '_timeoutInfo', '_requestHandlerAbortControllers'] as const;

/**
 * Puts IdTables in place of the SDK Protocol's per-request Maps, before its first request: a Map
 * that gains and loses an entry per request kept finished requests alive into the old generation
 * (shared/collections/id-table.ts). Protocol only gets, sets, deletes, iterates (`values`) and
 * clears them, all of which an IdTable does. A table that is not an empty Map (another SDK) stays.
 * Returns how many were replaced.
 */
export function useIdTables(protocol: object): number {
  const fields = protocol as Record<string, unknown>;
  let replaced = 0;
  for (const name of PER_REQUEST) {
    const table = fields[name];
    if (!(table instanceof Map) || table.size > 0) continue;
    fields[name] = new IdTable();
    replaced++;
  }
  return replaced;
}
