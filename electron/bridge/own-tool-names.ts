import { SEARCH_TOOL_NAMES } from './search-tools';

/**
 * Our own tools for clients that use tools only (resource-tools.ts). Bridge names always hold `__`,
 * so these never equal one; an agent offered them is shown no server's tool under these names.
 */
export const RESOURCE_TOOL_NAMES = ['list_resources', 'read_resource', 'get_prompt'] as const;

/** Every name of our own tools an agent may list: each must fit within 64 after its client's prefix. */
export const OWN_TOOL_NAMES: readonly string[] = [...SEARCH_TOOL_NAMES, ...RESOURCE_TOOL_NAMES];
