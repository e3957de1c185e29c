import { basename } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Root } from '@modelcontextprotocol/client';
import type { ServerConfig } from '../../shared/config';

/** MCP client/roots: the folders a server entry names in `roots`, as file: URIs; none unless configured. */
/** The entry's `roots` as MCP roots; undefined when the entry names none (then the calling agent may be asked). */
export function configuredRoots(config: ServerConfig): Root[] | undefined {
  return config.roots === undefined ? undefined : rootsOf(config);
}

export function rootsOf(config: ServerConfig): Root[] {
  return (config.roots ?? []).map((folder) => ({ uri: pathToFileURL(folder).href, name: basename(folder) || folder }));
}
