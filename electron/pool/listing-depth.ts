import { nestsDeeperThan } from '../../shared/collections';
import { CodedError } from '../../shared/errors';

/**
 * The deepest a server's listing may nest (its tools, prompts, resources or templates, each array
 * counted as one level). The SDK checks a listing against its schemas by recursion, and a listing
 * some 1,500 levels deep ran it out of stack: an item past it is left out before the SDK checks it
 * (listing-items.ts). Real input schemas nest a few dozen levels.
 */
export const MAX_LISTING_DEPTH = 256;

/**
 * The deepest a server's whole listing may nest, counted before anything parses it: past it the
 * listing is refused. Below it each item is held to MAX_LISTING_DEPTH. A 2026-07-28 page is checked
 * whole by the SDK's codec, by recursion, before any item is: some 1,400 JSON levels ran it out of
 * stack and 1,200 passed, so the bound keeps a margin of more than half below that.
 */
export const MAX_LISTING_FLOOD_DEPTH = 2 * MAX_LISTING_DEPTH;

/** Whether one listed item nests past MAX_LISTING_DEPTH (its list counted as the first level), found without recursing past it. */
export function isTooDeepItem(item: unknown): boolean {
  return nestsDeeperThan(item, MAX_LISTING_DEPTH - 1);
}

const LISTED = ['tools', 'prompts', 'resources', 'resourceTemplates'] as const;

/** Whether a message read from a server is a listing's answer nested past `limit`. */
export function isTooDeepListing(message: object, limit = MAX_LISTING_FLOOD_DEPTH): boolean {
  const result = (message as { result?: unknown }).result;
  if (typeof result !== 'object' || result === null) return false;
  for (const key of LISTED) {
    const items = (result as Record<string, unknown>)[key];
    if (Array.isArray(items) && nestsDeeperThan(items, limit)) return true;
  }
  return false;
}

/** The error for such a listing: the server's fault, said as the listing bounds say theirs (listing-bound.ts). */
export function tooDeepListing(server: string, limit = MAX_LISTING_DEPTH): CodedError {
  return new CodedError('server_unavailable', `"${server}" sent a listing nested deeper than ${limit} levels; its listing was not kept and the server was stopped`, {
    hint: `check the server (no tool's schema nests this deep); \`connected-services connect ${server}\` starts it again`,
    data: { listingBound: 'depth', limit },
  });
}

/** The deepest any message of a server may nest: a listing's items, plus the message and its `result`. */
export const MAX_MESSAGE_DEPTH = MAX_LISTING_DEPTH + 2;

/** Any other message nested past it (a call's result): refused before the SDK checks it by recursion. */
export function tooDeepMessage(server: string): CodedError {
  return new CodedError('internal', `"${server}" sent a message nested deeper than ${MAX_MESSAGE_DEPTH} levels; it was not read`, {
    hint: 'the server\'s answer nests deeper than any real one: check the server',
    data: { messageDepth: MAX_MESSAGE_DEPTH },
  });
}
