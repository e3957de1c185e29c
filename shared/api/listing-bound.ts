/**
 * Serialized bytes of an agent's tools past which it gets the search listing instead (as `auto` past
 * its bounds): near 3 times the whole labelled set (test/fixtures/tool-search, 1.4 MB), and about a
 * million tokens, past any model's context. Per server, and for the other servers together.
 */
export const MAX_AGENT_LISTING_BYTES = 4 * 1024 * 1024;

/** The bound in words (`4 MiB`), for every message, hint and help text that names it. */
export const AGENT_LISTING_BOUND = `${MAX_AGENT_LISTING_BYTES / 1024 / 1024} MiB`;
