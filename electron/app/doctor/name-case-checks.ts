import type { DoctorCheck } from '../../../shared/api';
import { caseTwins, type ServerConfig } from '../../../shared/config';
import { CODE_ENTRY, type FromCode } from './code-entry';

const RENAME = 'remove it and add it again under a name that differs in more than case';

/**
 * How to rename one of the pair, naming where each is declared: a server declared in code is renamed
 * there, one in mcp.json by removing and adding it.
 */
function renameFix(first: string, second: string, fromCode: FromCode): string {
  const inCode = (name: string): boolean => fromCode?.(name) === true;
  if (!inCode(first) && !inCode(second)) return `rename one of them in mcp.json (${RENAME}: connected-services servers remove ${second}, then servers add)`;
  if (inCode(first) && inCode(second)) return `rename one of them in ${CODE_ENTRY}`;
  const [coded, filed] = inCode(first) ? [first, second] : [second, first];
  return `rename one of them: "${coded}" in ${CODE_ENTRY}, or "${filed}" in mcp.json (${RENAME}: connected-services servers remove ${filed}, then servers add)`;
}

/**
 * A warning per pair of servers whose names differ only in case (added by hand, or before such names
 * were refused): files are named after each server, so on macOS and Windows the two share their pins,
 * inventory cache and locks. The entries still load; one is to be renamed.
 */
export function nameCaseChecks(servers: Record<string, ServerConfig>, fromCode?: FromCode): DoctorCheck[] {
  return caseTwins(Object.keys(servers)).map(([first, second]) => ({
    id: `name-case:${second}`,
    title: `Servers ${first} and ${second} differ only in case`,
    status: 'warn',
    detail: `files are named after each server (pins/, cache/inventory/, app-permissions/, auth-locks/): on macOS and Windows "${first}" and "${second}" share them, so one's pinned tools can be read as the other's`,
    fix: renameFix(first, second, fromCode),
  }));
}
