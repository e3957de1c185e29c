/**
 * An agent's start-up, SDK client both ways, in alternating rounds: connect to a running bridge and
 * list every tool of N configured stdio servers (served from cached inventories), against the agent
 * spawning those N servers itself and listing each.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { EVERYTHING } from '../fixtures/servers/config';
import { check, ratioSpread, spread, type Row } from './report';
import { homeWithServers, startServe } from './serve-process';
import { LeanClient } from './lean-client';

/**
 * Every tool of a connected client an agent can call without tasks, page by page (bounded). A tool
 * whose `execution.taskSupport` is "required" answers only as a task, which the bridge does not
 * offer, so it lists none (docs/bridge.md); the direct side counts the same tools.
 */
export async function listAllTools(client: Client): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  for (let page = 0; page < 1000; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor });
    count += result.tools.filter((tool) => tool.execution?.taskSupport !== 'required').length;
    cursor = result.nextCursor;
    if (cursor === undefined) return count;
  }
  throw new Error('tools/list kept answering a next cursor for 1,000 pages');
}

async function throughBridge(url: string, token: string): Promise<{ ms: number; tools: number }> {
  const t0 = performance.now();
  const client = new Client({ name: 'bench-agent', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  try {
    await client.connect(transport);
    const tools = await listAllTools(client);
    return { ms: performance.now() - t0, tools };
  } finally {
    await transport.terminateSession().catch(() => undefined);
    await client.close().catch(() => undefined);
  }
}

/** A 2026-07-28 agent's start-up: nothing to open, its first request is the listing (lean client, page by page, bounded). */
async function throughBridgeModern(url: string, token: string): Promise<{ ms: number; tools: number }> {
  const t0 = performance.now();
  const client = LeanClient.modern(url, token, 1);
  try {
    let count = 0;
    let cursor: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const listed = await client.listTools(cursor);
      count += listed.tools.length;
      cursor = listed.nextCursor;
      if (cursor === undefined) return { ms: performance.now() - t0, tools: count };
    }
    throw new Error('tools/list kept answering a next cursor for 1,000 pages');
  } finally {
    await client.close();
  }
}

export async function spawningThemselves(servers: number): Promise<{ ms: number; tools: number }> {
  const t0 = performance.now();
  // As capable as the bridge's own clients, so each server offers the same tools (server-everything
  // adds its elicitation and sampling tools only for clients that declare them).
  const capabilities = { elicitation: { form: {}, url: {} }, sampling: {}, roots: { listChanged: true } };
  const clients = Array.from({ length: servers }, () => new Client({ name: 'bench-agent', version: '1' }, { capabilities }));
  try {
    const counts = await Promise.all(
      clients.map(async (client) => {
        await client.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' }));
        return listAllTools(client);
      }),
    );
    return { ms: performance.now() - t0, tools: counts.reduce((a, b) => a + b, 0) };
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  }
}

export async function benchAgentStartup(options: { servers: number; rounds: number }): Promise<Row[]> {
  const { home, agentToken } = homeWithServers(options.servers);
  const serve = await startServe(home);
  const bridge: Array<{ ms: number; tools: number }> = [];
  const modern: Array<{ ms: number; tools: number }> = [];
  const direct: Array<{ ms: number; tools: number }> = [];
  const warmup: Array<{ ms: number; tools: number }> = [];
  try {
    // The app is already running when an agent starts, and this process's SDK client code (the same
    // on both sides; the direct side warms it with its first of 20 clients each round) is optimized
    // over the first few listings (the first ~200 ms, later ones 13–35): five listings first, not counted.
    for (let i = 0; i < 5; i++) warmup.push(await throughBridge(serve.bridgeUrl, agentToken));
    for (let i = 0; i < 5; i++) await throughBridgeModern(serve.bridgeUrl, agentToken);
    for (let i = 0; i < options.rounds; i++) {
      bridge.push(await throughBridge(serve.bridgeUrl, agentToken));
      modern.push(await throughBridgeModern(serve.bridgeUrl, agentToken));
      direct.push(await spawningThemselves(options.servers));
    }
  } finally {
    await serve.stop();
  }
  const tools = direct[0]?.tools ?? 0;
  const listed = bridge[0]?.tools ?? 0;
  if (tools === 0 || listed !== tools) throw new Error(`the bridge listed ${listed} tools, the servers themselves ${tools}`);
  const listedModern = modern[0]?.tools ?? 0;
  if (listedModern !== tools) throw new Error(`the bridge listed ${listedModern} tools to a 2026-07-28 agent, the servers themselves ${tools}`);
  const faster = ratioSpread(direct.map((s) => s.ms), bridge.map((s) => s.ms));
  const fasterModern = ratioSpread(direct.map((s) => s.ms), modern.map((s) => s.ms));
  return [
    {
      key: 'agent-start',
      what: `an agent's start-up: connect to the bridge and list all ${tools} tools of ${options.servers} stdio servers (cached inventories), SDK client`,
      unit: 'ms',
      ours: spread(bridge.map((s) => s.ms)),
      baseline: spread(direct.map((s) => s.ms)),
      baselineLabel: `the agent spawning the ${options.servers} servers itself and listing them`,
      figure: faster,
      figureUnit: 'x faster',
      target: '>= 100x',
      status: check(faster.median, '>=', 100),
      note: `a 2026-07-28 agent (no session, lean client) in the same rounds: ${fasterModern.median.toFixed(0)}x (row agent-start-2026); not counted: the first listing of this process, with the SDK client's code not yet optimized, ${(warmup[0]?.ms ?? NaN).toFixed(0)} ms (${((direct[0]?.ms ?? NaN) / (warmup[0]?.ms ?? NaN)).toFixed(0)}x faster than the first round's spawning); the next four ${warmup.slice(1).map((w) => w.ms.toFixed(0)).join(', ')} ms`,
    },
    {
      key: 'agent-start-2026',
      what: `a 2026-07-28 agent's start-up: list all ${tools} tools of ${options.servers} stdio servers through the bridge (no session: its first request is the listing), lean client`,
      unit: 'ms',
      ours: spread(modern.map((s) => s.ms)),
      baseline: spread(direct.map((s) => s.ms)),
      baselineLabel: `the agent spawning the ${options.servers} servers itself and listing them`,
      figure: fasterModern,
      figureUnit: 'x faster',
      target: '>= 100x',
      status: check(fasterModern.median, '>=', 100),
      note: `a 2025-era agent (SDK client: initialize, then the listing) in the same rounds: ${faster.median.toFixed(0)}x`,
    },
  ];
}
