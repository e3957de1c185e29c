import type { ApiOutput, ServerStatus, ToolInfo } from '../../shared/api';

const STATES: Array<Pick<ServerStatus, 'state' | 'enabled' | 'approval'>> = [
  { state: 'ready', enabled: true, approval: 'approved' },
  { state: 'idle', enabled: true, approval: 'approved' },
  { state: 'needs_auth', enabled: true, approval: 'not_needed' },
  { state: 'error', enabled: true, approval: 'approved' },
  { state: 'stopped', enabled: false, approval: 'approved' },
  { state: 'idle', enabled: true, approval: 'pending' },
];
const WORDS = ['issues', 'pages', 'files', 'events', 'users', 'tickets', 'invoices', 'repos', 'docs', 'alerts'];
const VERBS = ['list', 'get', 'create', 'update', 'search'];
/**
 * Sign-in expiries, in hours from when the data is made: past and future, none within an hour of
 * the run, so the catalog's clock ticks at most once a minute (renderer/lib refreshEvery). A token
 * that expired as the data was made ticked every second, and the probe counted each tick's repaint
 * as the keystroke's result.
 */
export const EXPIRY_HOURS = [-26, -3, -2, 2, 3, 5, 26];

/** `count` servers with `toolsEach` tools each, in every state the catalog shows. */
export function benchData(count: number, toolsEach: number): { status: ApiOutput<'status'>; tools: ToolInfo[] } {
  const servers: ServerStatus[] = [];
  const tools: ToolInfo[] = [];
  const now = Date.now();
  for (let i = 0; i < count; i++) {
    const name = `svc-${String(i).padStart(4, '0')}`;
    const look = STATES[i % STATES.length] ?? { state: 'ready', enabled: true, approval: 'approved' };
    const http = i % 3 === 0;
    servers.push({
      name,
      transport: http ? 'http' : 'stdio',
      ...look,
      since: now,
      ...(http ? { url: `https://mcp.example-${i}.test/mcp` } : { commandLine: `npx -y @example/mcp-server-${i}` }),
      ...(look.state === 'error' ? { lastError: { code: 'server_unavailable' as const, message: `could not start "${name}": command not found` } } : {}),
      ...(http ? { auth: { connected: look.state === 'ready', expiresAt: now + (EXPIRY_HOURS[i % EXPIRY_HOURS.length] ?? 2) * 3_600_000 } } : {}),
      toolCount: toolsEach,
      resourceCount: 0,
      promptCount: 0,
      crashes: 0,
      history: [],
    });
    for (let j = 0; j < toolsEach; j++) {
      const word = WORDS[(i + j) % WORDS.length] ?? 'items';
      tools.push({ server: name, name: `${VERBS[j % VERBS.length] ?? 'get'}_${word}_${i}`, description: `Works with ${word}`, inputSchema: { type: 'object' } });
    }
  }
  return {
    status: {
      version: 'bench',
      dataDir: '/bench',
      configFile: '/bench/mcp.json',
      configIssues: [],
      servers,
      vault: { fileExists: false, provider: 'memory', providerLabel: 'memory', persistent: false, safety: 'memory-only', state: 'ready', message: 'bench', entryCount: 0, corruptFiles: [] },
    },
    tools,
  };
}

/** The App API answers the catalog needs; everything else answers empty. */
export function benchAnswer(method: string, data: ReturnType<typeof benchData>): unknown {
  switch (method) {
    case 'status':
      return data.status;
    case 'listTools':
      return data.tools;
    case 'listResources':
      return { resources: [], templates: [] };
    case 'bridgeInfo':
      return { running: false, paused: false };
    default:
      return [];
  }
}
