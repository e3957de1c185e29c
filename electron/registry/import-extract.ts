import type { ImportSource } from '../../shared/api';
import { isRecord } from '../../shared/config';

/** One server entry as another client wrote it, not yet checked. */
export interface FoundEntry {
  name: string;
  entry: unknown;
  /** Where it came from, for the report. */
  from: string;
}

function entriesOf(servers: unknown, from: string): FoundEntry[] {
  if (!isRecord(servers)) return [];
  return Object.entries(servers).map(([name, entry]) => ({ name, entry, from }));
}

/**
 * The server entries inside one client file:
 * - Claude Desktop, Cursor, a project `.mcp.json`: `mcpServers`;
 * - Claude Code's `~/.claude.json`: `mcpServers` and `projects[<folder>].mcpServers`;
 * - VS Code: `servers` in mcp.json, `mcp.servers` (or `"mcp.servers"`) in settings.json.
 */
export function extractEntries(source: ImportSource, raw: unknown, file: string): FoundEntry[] {
  if (!isRecord(raw)) return [];
  switch (source) {
    case 'claude-desktop':
    case 'cursor':
      return entriesOf(raw['mcpServers'], file);
    case 'claude-code': {
      const found = entriesOf(raw['mcpServers'], file);
      const projects = raw['projects'];
      if (isRecord(projects)) {
        for (const [folder, project] of Object.entries(projects)) {
          if (isRecord(project)) found.push(...entriesOf(project['mcpServers'], `${file} (project ${folder})`));
        }
      }
      return found;
    }
    case 'vscode': {
      const mcp = raw['mcp'];
      return [
        ...entriesOf(raw['servers'], file),
        ...entriesOf(raw['mcp.servers'], file),
        ...(isRecord(mcp) ? entriesOf(mcp['servers'], file) : []),
      ];
    }
  }
}
