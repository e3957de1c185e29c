import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { StdioServerConfig } from '../../../shared/config';

const require = createRequire(import.meta.url);

// Each package named whole, so what the app loads at run time can be read from its source.
function entryBeside(packageJson: string): string {
  return join(dirname(packageJson), 'dist', 'index.js');
}

/** The demo servers' names: taken on a folder without mcp.json, which the first command writes them into. */
export const DEMO_SERVER_NAMES = ['everything', 'memory'] as const;

/**
 * The reference servers the project ships, so a first run shows real tools offline.
 * `node` from PATH rather than process.execPath: inside Electron, execPath is Electron itself.
 */
export function demoServers(dataDir: string): Record<(typeof DEMO_SERVER_NAMES)[number], StdioServerConfig> {
  return {
    everything: {
      command: 'node',
      args: [entryBeside(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'stdio'],
      description: 'MCP reference server with example tools, resources and prompts',
    },
    memory: {
      command: 'node',
      args: [entryBeside(require.resolve('@modelcontextprotocol/server-memory/package.json'))],
      env: { MEMORY_FILE_PATH: join(dataDir, 'demo', 'memory.jsonl') },
      description: 'MCP reference knowledge-graph memory server',
    },
  };
}
