/**
 * Search mode through the real bridge (`serve` in a child process), with the labelled set's real
 * tools (padded to 1,000) as cached inventories: what an agent lists in search mode against `all`
 * (tokens), and its start-up (connect and list) against the agent spawning 20 servers itself.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { CLI, tempHome } from '../support/cli';
import { listedServers } from '../support/tool-search-set';
import { spawningThemselves } from './agent-startup';
import { check, ratioSpread, spread, type Row } from './report';
import { startServe } from './serve-process';

const TOOLS = 1_000;

function cli(home: string, args: string[]): string {
  return execFileSync(process.execPath, [CLI, '--home', home, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The set's servers as cached inventories (never started), padded with copies to TOOLS tools, and two agents. */
function homeWithListedTools(): { home: string; all: string; search: string } {
  const home = tempHome('cs-bench-search-');
  cli(home, ['tools', 'everything', '--json']);
  const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
  const approvals = JSON.parse(readFileSync(join(home, 'approvals.json'), 'utf8')) as { approvals: Array<{ name: string }> };
  const cache = JSON.parse(readFileSync(join(home, 'cache', 'inventory', 'everything.json'), 'utf8')) as Record<string, unknown>;
  const template = config.mcpServers['everything'];
  const approval = approvals.approvals.find((a) => a.name === 'everything');
  if (template === undefined || approval === undefined) throw new Error(`the first run of ${home} wrote no approved "everything" server`);
  const servers = listedServers();
  let count = servers.reduce((n, s) => n + s.tools.length, 0);
  for (let copy = 1; count < TOOLS; copy++) {
    const source = servers[copy % servers.length] ?? servers[0];
    if (source === undefined) break;
    const tools = source.tools.slice(0, TOOLS - count);
    servers.push({ ...source, name: `${source.name}-copy${copy}`, tools });
    count += tools.length;
  }
  const entries: Record<string, unknown> = {};
  for (const server of servers) {
    entries[server.name] = template;
    const tools = server.tools.map((t: Tool) => ({
      server: server.name,
      name: t.name,
      ...(t.title !== undefined ? { title: t.title } : {}),
      ...(t.description !== undefined ? { description: t.description } : {}),
      inputSchema: t.inputSchema,
      ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema } : {}),
      ...(t.annotations !== undefined ? { annotations: t.annotations } : {}),
    }));
    writeFileSync(join(home, 'cache', 'inventory', `${server.name}.json`), JSON.stringify({ ...cache, server: server.name, tools, resources: [], templates: [], prompts: [] }));
  }
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: entries }, null, 2));
  writeFileSync(join(home, 'approvals.json'), JSON.stringify({ ...approvals, approvals: servers.map((s) => ({ ...approval, name: s.name })) }, null, 2));
  const add = (name: string, mode: string): string => {
    const added = JSON.parse(cli(home, ['agents', 'add', name, '--servers', '*', '--policy', 'read=allow,write=allow,destructive=allow', '--tool-mode', mode, '--json'])) as { token?: string };
    if (typeof added.token !== 'string') throw new Error('`agents add --json` printed no token');
    return added.token;
  };
  return { home, all: add('all', 'all'), search: add('search', 'search') };
}

async function listing(url: string, token: string): Promise<{ ms: number; tools: Tool[] }> {
  const t0 = performance.now();
  const client = new Client({ name: 'bench-agent', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  try {
    await client.connect(transport);
    const tools: Tool[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 100; page++) {
      const result = await client.listTools(cursor === undefined ? {} : { cursor });
      tools.push(...result.tools);
      cursor = result.nextCursor;
      if (cursor === undefined) break;
    }
    return { ms: performance.now() - t0, tools };
  } finally {
    await transport.terminateSession().catch(() => undefined);
    await client.close().catch(() => undefined);
  }
}

/** Tokens estimated as a quarter of the characters of the tools as JSON (what a client hands its model). */
const tokens = (tools: Tool[]): number => Math.ceil(JSON.stringify(tools).length / 4);

export async function benchSearchMode(options: { rounds: number; servers: number }): Promise<Row[]> {
  const { home, all, search } = homeWithListedTools();
  const serve = await startServe(home);
  const mine: number[] = [];
  const direct: number[] = [];
  let full: Tool[] = [];
  let offered: Tool[] = [];
  try {
    full = (await listing(serve.bridgeUrl, all)).tools;
    // Warm, as agent-start does: the app runs before an agent starts; this process's client code warms too.
    for (let i = 0; i < 5; i++) offered = (await listing(serve.bridgeUrl, search)).tools;
    for (let i = 0; i < options.rounds; i++) {
      mine.push((await listing(serve.bridgeUrl, search)).ms);
      direct.push((await spawningThemselves(options.servers)).ms);
    }
  } finally {
    await serve.stop();
  }
  if (full.length !== TOOLS) throw new Error(`the agent in mode all listed ${full.length} tools, not ${TOOLS}`);
  const share = tokens(offered) / tokens(full);
  const faster = ratioSpread(direct, mine);
  return [
    {
      key: 'search-listing',
      what: `what an agent lists in search mode (${offered.map((t) => t.name).join(', ')}) against all ${TOOLS} tools, tokens`,
      unit: 'tokens',
      ours: spread([tokens(offered)]),
      baseline: spread([tokens(full)]),
      baselineLabel: `tool mode all: ${TOOLS} real tools`,
      figure: spread([share * 100]),
      figureUnit: '% of all',
      target: '<= 1%',
      status: check(share * 100, '<=', 1),
      note: `tokens estimated as characters / 4; ${(tokens(full) / TOOLS).toFixed(0)} tokens per tool on average`,
    },
    {
      key: 'search-start',
      what: `an agent's start-up in search mode: connect to the bridge and list (${TOOLS} tools behind it), SDK client`,
      unit: 'ms',
      ours: spread(mine),
      baseline: spread(direct),
      baselineLabel: `the agent spawning ${options.servers} stdio servers itself and listing them`,
      figure: faster,
      figureUnit: 'x faster',
      target: '>= 100x',
      status: check(faster.median, '>=', 100),
    },
  ];
}
