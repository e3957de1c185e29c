/**
 * Memory of shared servers. A agents each use the same S stdio servers (one `echo` call to each):
 * through `serve`'s bridge (one shared set: the RSS of serve's process tree) against each agent
 * spawning its own S (the RSS of the A × S server trees). Agents' own processes count on neither
 * side. Then the agents go quiet for one idle period (`settings.idleTimeoutMs`, short here) and
 * serve's tree is measured again, against serve's own RSS before any server ran (the idle-stop row).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING } from '../fixtures/servers/config';
import { LeanClient } from './lean-client';
import { processTree, rssMb, treeRssMb } from './proc-rss';
import { check, ratioSpread, spread, type Row } from './report';
import { homeWithServers, startServe, type BenchHome } from './serve-process';

export interface MemoryOptions {
  agents: number;
  servers: number;
  rounds: number;
  /** Wait after the last call before measuring, and the idle time set (settings.idleTimeoutMs). */
  settleMs: number;
  idleMs: number;
  /** quiet-memory-ab.ts: measure serve's tree once more this long after the quiet figure (the collection that follows the servers' stop has run by then). */
  settledMs?: number;
}

export interface BridgeSample {
  /** serve alone, configured servers not yet started. */
  aloneMb: number;
  /** serve + its children after every agent called every server. */
  busyMb: number;
  /** The same after the agents went quiet. */
  quietMb: number;
  /** serve's own process then, and how many server processes were still running. */
  quietSelfMb: number;
  quietChildren: number;
  /** The tree settledMs after the quiet figure, when asked for. */
  settledMb?: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function expectEcho(text: string | undefined, message: string, where: string): void {
  if (text !== `Echo: ${message}`) throw new Error(`${where} answered ${String(text)} to echo ${message}`);
}

/** One round through `serve` (`cli`: another tree's bin, for quiet-memory-ab.ts). */
export async function throughBridge(bench: BenchHome, options: MemoryOptions, cli?: string): Promise<BridgeSample> {
  const serve = await startServe(bench.home, cli);
  const agents: LeanClient[] = [];
  try {
    await sleep(options.settleMs);
    const aloneMb = treeRssMb(serve.pid);
    for (let a = 0; a < options.agents; a++) agents.push(await LeanClient.connect(serve.bridgeUrl, bench.agentToken, options.servers));
    await Promise.all(
      agents.flatMap((agent, a) =>
        bench.servers.map(async (server) => expectEcho(await agent.callTool(`${server}__echo`, { message: `a${a}` }), `a${a}`, `${server} through the bridge`)),
      ),
    );
    await sleep(options.settleMs);
    const busyMb = treeRssMb(serve.pid);
    // The timers started at the last call: idleMs after the settle wait is one idle period, plus
    // settleMs for the stopped processes to exit.
    await sleep(options.idleMs);
    const quiet = { aloneMb, busyMb, quietMb: treeRssMb(serve.pid), quietSelfMb: rssMb(serve.pid), quietChildren: processTree(serve.pid).length - 1 };
    if (options.settledMs === undefined) return quiet;
    await sleep(options.settledMs);
    return { ...quiet, settledMb: treeRssMb(serve.pid) };
  } finally {
    await Promise.all(agents.map((agent) => agent.close()));
    await serve.stop();
  }
}

async function eachOwnSet(options: MemoryOptions): Promise<number> {
  const sessions = Array.from({ length: options.agents * options.servers }, () => ({
    client: new Client({ name: 'bench-agent', version: '1' }),
    transport: new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' }),
  }));
  try {
    await Promise.all(
      sessions.map(async ({ client, transport }, i) => {
        await client.connect(transport);
        const result = await client.callTool({ name: 'echo', arguments: { message: `d${i}` } });
        const first = (Array.isArray(result['content']) ? (result['content'] as unknown[])[0] : undefined) as { text?: unknown } | undefined;
        expectEcho(typeof first?.text === 'string' ? first.text : undefined, `d${i}`, 'a server the agent spawned');
      }),
    );
    await sleep(options.settleMs);
    const pids = sessions.map(({ transport }) => transport.pid).filter((pid): pid is number => typeof pid === 'number');
    if (pids.length !== sessions.length) throw new Error(`${sessions.length - pids.length} spawned servers have no pid`);
    return treeRssMb(...pids);
  } finally {
    await Promise.all(sessions.map(({ client }) => client.close().catch(() => undefined)));
  }
}

/** A data folder with `options.servers` servers and the idle time set. */
export function memoryHome(options: MemoryOptions): BenchHome {
  if (options.idleMs <= options.settleMs) throw new Error('idleMs must outlast settleMs, or servers stop before the busy figure');
  const bench = homeWithServers(options.servers);
  const file = join(bench.home, 'mcp.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...config, settings: { idleTimeoutMs: options.idleMs } }, null, 2));
  return bench;
}

export async function benchMemory(options: MemoryOptions): Promise<Row[]> {
  const bench = memoryHome(options);
  const bridge: BridgeSample[] = [];
  const own: number[] = [];
  for (let i = 0; i < options.rounds; i++) {
    bridge.push(await throughBridge(bench, options));
    own.push(await eachOwnSet(options));
  }
  const shared = ratioSpread(bridge.map((s) => s.busyMb), own);
  const quiet = ratioSpread(bridge.map((s) => s.quietMb), bridge.map((s) => s.aloneMb));
  const still = Math.max(...bridge.map((s) => s.quietChildren));
  return [
    {
      key: 'memory-shared',
      what: `memory: ${options.agents} agents each using the same ${options.servers} stdio servers, total RSS through the bridge (one shared set)`,
      unit: 'MB',
      ours: spread(bridge.map((s) => s.busyMb)),
      baseline: spread(own),
      baselineLabel: `each agent spawning its own ${options.servers} (${options.agents * options.servers} server processes)`,
      figure: shared,
      figureUnit: 'x own sets',
      target: '<= 0.3x',
      status: check(shared.median, '<=', 0.3),
    },
    {
      key: 'memory-idle',
      what: `memory after the agents go quiet for one idle period (idleTimeoutMs ${options.idleMs / 1000} s): serve with its children`,
      unit: 'MB',
      ours: spread(bridge.map((s) => s.quietMb)),
      baseline: spread(bridge.map((s) => s.aloneMb)),
      baselineLabel: 'serve alone, no server running',
      figure: quiet,
      figureUnit: 'x serve alone',
      target: '<= 1.2x within one idle period',
      status: check(quiet.median, '<=', 1.2),
      note: `${still} of ${options.servers} servers still running then; serve's own RSS ${spread(bridge.map((s) => s.quietSelfMb)).median.toFixed(1)} MB`,
    },
  ];
}
