import { z } from 'zod';
import { CodedError } from '../../shared/errors';
import type { Inventory } from './inventory';

/**
 * What one server may list, all its tools, resources, templates and prompts together (JSON bytes as
 * we keep them). The largest real listing of the labelled set (test/fixtures/tool-search: linear,
 * 198 tools) is 237 KB; 16 MiB is some 70 times that, and bounds what a server makes us keep in
 * memory, in its cache file and in its pins.
 */
export const MAX_LISTING_BYTES = 16 * 1024 * 1024;
/** Items of one kind (tools, resources, templates or prompts) one server may list. */
export const MAX_LISTED_ITEMS = 5000;

export type ListedKind = keyof Inventory;

const BoundData = z.object({ listingBound: z.enum(['bytes', 'items']) });

/** Whether a listing failed by being past a bound: the server is halted (restarting lists it again). */
export function isListingTooLarge(error: unknown): boolean {
  return error instanceof CodedError && BoundData.safeParse(error.data).success;
}

function tooLarge(server: string, what: string, bound: 'bytes' | 'items', limit: number): CodedError {
  return new CodedError('server_unavailable', `"${server}" lists ${what}, past the bound of ${limit.toLocaleString('en-US')} ${bound === 'bytes' ? 'bytes of listings' : 'items of one kind'} per server; its listing was not kept and the server was stopped`, {
    hint: `check the server (a server of this size is not one we know of); \`connected-services connect ${server}\` starts it again`,
    data: { listingBound: bound, limit },
  });
}

/** Counts one server's listing as its pages come in; throws once it is past a bound. */
export class ListingMeter {
  #bytes = 0;
  readonly #items = new Map<ListedKind, number>();

  /** `kept`: the parts of the last listing not fetched again, which count towards the bytes. */
  constructor(
    private readonly server: string,
    kept: readonly unknown[][] = [],
  ) {
    for (const items of kept) this.#bytes += byteLength(items);
  }

  add(kind: ListedKind, items: readonly unknown[]): void {
    const count = (this.#items.get(kind) ?? 0) + items.length;
    this.#items.set(kind, count);
    if (count > MAX_LISTED_ITEMS) throw tooLarge(this.server, `more than ${MAX_LISTED_ITEMS.toLocaleString('en-US')} ${kind}`, 'items', MAX_LISTED_ITEMS);
    this.#bytes += byteLength(items);
    if (this.#bytes > MAX_LISTING_BYTES) throw tooLarge(this.server, `more than ${MAX_LISTING_BYTES / (1024 * 1024)} MiB`, 'bytes', MAX_LISTING_BYTES);
  }
}

function byteLength(items: readonly unknown[]): number {
  return items.length === 0 ? 0 : Buffer.byteLength(JSON.stringify(items));
}
