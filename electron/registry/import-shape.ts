import type { ImportSource } from '../../shared/api';
import { isRecord } from '../../shared/config';

/** Where each client keeps its servers, as extractEntries reads them. */
const KEYS: Record<ImportSource, readonly string[]> = {
  'claude-desktop': ['mcpServers'],
  cursor: ['mcpServers'],
  'claude-code': ['mcpServers'],
  vscode: ['servers', 'mcp.servers'],
};

/**
 * Why a parsed file cannot be the source's config, or undefined when it may be: not an object, its
 * servers' key holding something else than an object of servers, or no key of its own but another
 * client's (a VS Code mcp.json given as Claude Desktop's). A file without any such key may be a
 * client's config with no server in it yet, so it stays "0 added".
 */
export function importShapeProblem(source: ImportSource, raw: unknown): string | undefined {
  if (!isRecord(raw)) return `it holds ${Array.isArray(raw) ? 'a list' : 'no JSON object'}, where a client's config is an object with its servers under "${KEYS[source][0] ?? ''}"`;
  const vscodeNested = isRecord(raw['mcp']) ? raw['mcp']['servers'] : undefined;
  const own = source === 'vscode' ? [...KEYS.vscode.map((key) => raw[key]), vscodeNested] : [raw['mcpServers']];
  const given = own.find((value) => value !== undefined);
  if (given !== undefined && !isRecord(given)) return `its servers' key holds ${Array.isArray(given) ? 'a list' : `a ${typeof given}`}, where a client keeps an object of servers by name`;
  if (given !== undefined) return undefined;
  if (source !== 'vscode' && (isRecord(raw['servers']) || isRecord(vscodeNested))) return 'it keeps its servers under "servers", as VS Code writes them: import it with `connected-services import vscode --path FILE`';
  if (source === 'vscode' && isRecord(raw['mcpServers'])) return 'it keeps its servers under "mcpServers", as Claude Desktop, Claude Code and Cursor write them: import it with `connected-services import claude-desktop --path FILE`';
  return undefined;
}
