import type { ImportSource } from '../../shared/api';
import { isRecord } from '../../shared/config';

/** One server entry as another client wrote it, not yet checked. */
export interface FoundEntry {
  name: string;
  entry: unknown;
  /** Where it came from, for the report. */
  from: string;
  /** The keys of the object that holds it, from the top of the file. */
  container: string[];
}

function entriesOf(servers: unknown, from: string, container: string[]): FoundEntry[] {
  if (!isRecord(servers)) return [];
  return Object.entries(servers).map(([name, entry]) => ({ name, entry, from, container }));
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
      return entriesOf(raw['mcpServers'], file, ['mcpServers']);
    case 'claude-code': {
      const found = entriesOf(raw['mcpServers'], file, ['mcpServers']);
      const projects = raw['projects'];
      if (isRecord(projects)) {
        for (const [folder, project] of Object.entries(projects)) {
          if (isRecord(project)) found.push(...entriesOf(project['mcpServers'], `${file} (project ${folder})`, ['projects', folder, 'mcpServers']));
        }
      }
      return found;
    }
    case 'vscode': {
      const mcp = raw['mcp'];
      return [
        ...entriesOf(raw['servers'], file, ['servers']),
        ...entriesOf(raw['mcp.servers'], file, ['mcp.servers']),
        ...(isRecord(mcp) ? entriesOf(mcp['servers'], file, ['mcp', 'servers']) : []),
      ];
    }
  }
}
