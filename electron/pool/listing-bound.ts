import { z } from 'zod';
import { CodedError } from '../../shared/errors';
import type { Inventory } from './inventory';
import { groupDigits } from '../../shared/text';

/**
 * What one server may list, all its tools, resources, templates and prompts together (JSON bytes as
 * we keep them, and the cursors we hold to tell a loop). The largest real listing of the labelled set
 * (test/fixtures/tool-search: linear, 198 tools) is 237 KB; 16 MiB is some 70 times that, and bounds
 * what a server makes us keep in memory, in its cache file and in its pins.
 */
export const MAX_LISTING_BYTES = 16 * 1024 * 1024;
/** Items of one kind (tools, resources, templates or prompts) one server may list. */
export const MAX_LISTED_ITEMS = 5000;
/**
 * Pages of one kind one listing may take: each is a round trip, and a page without items costs no
 * bytes, so only this ends a server's pages of nothing. 5,000 items at 10 a page.
 */
export const MAX_LISTING_PAGES = 500;

export type ListedKind = keyof Inventory;

type Bound = 'bytes' | 'items' | 'pages' | 'cursor';
const BoundData = z.object({ listingBound: z.enum(['bytes', 'items', 'pages', 'cursor', 'depth']) });

/** Whether a listing failed by being past a bound: the server is halted (restarting lists it again). */
export function isListingTooLarge(error: unknown): boolean {
  return error instanceof CodedError && BoundData.safeParse(error.data).success;
}

const BOUNDS: Record<Exclude<Bound, 'cursor'>, { limit: number; unit: string }> = {
  bytes: { limit: MAX_LISTING_BYTES, unit: 'bytes of listings' },
  items: { limit: MAX_LISTED_ITEMS, unit: 'items of one kind' },
  pages: { limit: MAX_LISTING_PAGES, unit: 'pages of one kind' },
};

/** A cursor handed out twice is a bug in the server, whatever its size (MCP 2025-11-25 utilities/pagination). */
const LOOP_HINT = (server: string): string =>
  `the server repeated a page cursor it had already given, so its pages would never end: a bug in the server, for its maintainers to fix; \`connected-services connect ${server}\` starts it again`;

function halted(server: string, what: string, bound: Bound): CodedError {
  const limit = bound === 'cursor' ? undefined : BOUNDS[bound];
  const past = limit ? `, past the bound of ${groupDigits(limit.limit)} ${limit.unit} per server` : '';
  return new CodedError('server_unavailable', `"${server}" ${what}${past}; its listing was not kept and the server was stopped`, {
    hint: bound === 'cursor' ? LOOP_HINT(server) : `check the server (a server of this size is not one we know of); \`connected-services connect ${server}\` starts it again`,
    data: { listingBound: bound, ...(limit ? { limit: limit.limit } : {}) },
  });
}

/**
 * Counts one server's listing as its pages come in; throws at the page that passes a bound, or that
 * hands out a cursor of its kind it handed out before (its pages would loop forever).
 */
export class ListingMeter {
  #bytes = 0;
  readonly #items = new Map<ListedKind, number>();
  readonly #pages = new Map<ListedKind, number>();
  readonly #cursors = new Map<ListedKind, Set<string>>();

  /** `kept`: the parts of the last listing not fetched again, which count towards the bytes. */
  constructor(
    private readonly server: string,
    kept: readonly unknown[][] = [],
  ) {
    for (const items of kept) this.#bytes += byteLength(items);
  }

  /** One page of `kind`: its items, and the cursor to its next page (undefined on the last). */
  page(kind: ListedKind, items: readonly unknown[], nextCursor: string | undefined): void {
    this.add(kind, items);
    if (nextCursor === undefined) return;
    const pages = (this.#pages.get(kind) ?? 0) + 1;
    this.#pages.set(kind, pages);
    if (pages >= MAX_LISTING_PAGES) throw halted(this.server, `lists more than ${groupDigits(MAX_LISTING_PAGES)} pages of ${kind}`, 'pages');
    const seen = this.#cursors.get(kind) ?? new Set<string>();
    this.#cursors.set(kind, seen);
    if (seen.has(nextCursor)) throw halted(this.server, `hands out a cursor of its ${kind} it handed out before: its pages loop`, 'cursor');
    seen.add(nextCursor);
    this.#addBytes(Buffer.byteLength(nextCursor));
  }

  /** Items of `kind` listed whole (or one more page of them). */
  add(kind: ListedKind, items: readonly unknown[]): void {
    const count = (this.#items.get(kind) ?? 0) + items.length;
    this.#items.set(kind, count);
    if (count > MAX_LISTED_ITEMS) throw halted(this.server, `lists more than ${groupDigits(MAX_LISTED_ITEMS)} ${kind}`, 'items');
    this.#addBytes(byteLength(items));
  }

  #addBytes(bytes: number): void {
    this.#bytes += bytes;
    if (this.#bytes > MAX_LISTING_BYTES) throw halted(this.server, `lists more than ${MAX_LISTING_BYTES / (1024 * 1024)} MiB`, 'bytes');
  }
}

function byteLength(items: readonly unknown[]): number {
  return items.length === 0 ? 0 : Buffer.byteLength(JSON.stringify(items));
}
