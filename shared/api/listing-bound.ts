import { groupDigits } from '../text';

/**
 * Serialized bytes of an agent's tools past which it gets the search listing instead (as `auto` past
 * its bounds): near 3 times the whole labelled set (test/fixtures/tool-search, 1.4 MB), and about a
 * million tokens, past any model's context. Per server, and for the other servers together.
 */
export const MAX_AGENT_LISTING_BYTES = 4 * 1024 * 1024;

/** The bound in words (`4 MiB`), for every message, hint and help text that names it. */
export const AGENT_LISTING_BOUND = `${MAX_AGENT_LISTING_BYTES / 1024 / 1024} MiB`;

/**
 * Characters of a listed description (the server's name included) past which it is cut, `…` ending it:
 * 4.6 times the labelled set's longest, 6,993 (firecrawl's firecrawl_monitor_create). An agent's
 * listing and a program's (the library) cut at the same figure.
 */
export const MAX_LISTED_DESCRIPTION = 32_000;

/** Ends a description that was itself cut. */
export const LISTED_DESCRIPTION_CUT_NOTE = `(Its description was past ${groupDigits(MAX_LISTED_DESCRIPTION)} characters and is cut.)`;

/** An agent's listed tools in words (`25 tools, about 5,033 tokens`), as `auto` weighs them: tokens are estimated. */
export function listingSize({ tools, tokens }: { tools: number; tokens: number }): string {
  return `${groupDigits(tools)} tool${tools === 1 ? '' : 's'}, about ${groupDigits(tokens)} tokens`;
}
