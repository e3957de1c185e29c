/**
 * Bridge benchmark. The same `echo` calls to a stdio server-everything, made by the SDK client
 * directly over stdio and through the bridge (its own process, as in the app: pool + Streamable
 * HTTP), measured in the same run in alternating rounds. Also: 64 agent sessions at once.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { setMaxListeners } from 'node:events';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { EVERYTHING, ROOT } from '../fixtures/servers/config';

const CALLS = 2_000;
const CONCURRENCY = 16;
const SEQUENTIAL_CALLS = 500;
const WARMUP = 500;
const ROUNDS = 3;
const SESSIONS = 64;
const BRIDGE_PROCESS = fileURLToPath(new URL('../fixtures/bridge/bridge-process.ts', import.meta.url));

interface Run {
  throughput: number;
  p50: number;
  /** CPU time of this (client) process per call, µs. */
  clientCpuUs: number;
  /** CPU time of the bridge process per call, µs (bridge runs only). */
  bridgeCpuUs?: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** `calls` echo calls, `concurrency` at a time: per-call latency, throughput, CPU of this process. */
async function measure(client: Client, calls: number, concurrency: number, tool: string): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < calls) {
      const i = next++;
      const t0 = performance.now();
      const result = await client.callTool({ name: tool, arguments: { message: `m${i}` } });
      latencies.push(performance.now() - t0);
      const text = (result.content as Array<{ text?: string }>)[0]?.text;
      if (text !== `Echo: m${i}`) throw new Error(`call ${i} answered ${String(text)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  return { throughput: calls / (elapsed / 1000), p50: median(latencies), clientCpuUs: (cpu.user + cpu.system) / calls };
}

interface BridgeProcess {
  url: string;
  token: string;
  cpuUs(): Promise<number>;
  stop(): Promise<void>;
}

async function startBridgeProcess(): Promise<BridgeProcess> {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ['--import', 'tsx', BRIDGE_PROCESS], {
    cwd: ROOT,
    env: { ...process.env, BRIDGE_SERVERS: JSON.stringify({ everything: { command: process.execPath, args: [EVERYTHING, 'stdio'] } }) },
  });
  child.stderr.resume();
  const lines: Interface = createInterface({ input: child.stdout });
  const nextLine = (): Promise<string> =>
    new Promise((resolve, reject) => {
      lines.once('line', resolve);
      child.once('exit', (code) => reject(new Error(`the bridge process exited (${String(code)})`)));
    });
  const ready = JSON.parse(await nextLine()) as { url: string; token: string };
  return {
    url: ready.url,
    token: ready.token,
    cpuUs: async () => {
      const answer = nextLine();
      child.stdin.write('cpu\n');
      return (JSON.parse(await answer) as { cpuUs: number }).cpuUs;
    },
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
}

function httpClient(url: string, token: string): { client: Client; transport: StreamableHTTPClientTransport } {
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
  return { client: new Client({ name: 'bench', version: '1' }), transport };
}

async function sessions(url: string, token: string): Promise<{ errors: number; ms: number }> {
  let errors = 0;
  const clients = Array.from({ length: SESSIONS }, () => httpClient(url, token));
  const t0 = performance.now();
  await Promise.all(
    clients.map(async ({ client, transport }, i) => {
      try {
        await client.connect(transport);
        const { tools } = await client.listTools();
        if (!tools.some((t) => t.name === 'everything__echo')) throw new Error('echo missing');
        for (let k = 0; k < 10; k++) {
          const result = await client.callTool({ name: 'everything__echo', arguments: { message: `s${i}-${k}` } });
          const text = (result.content as Array<{ text?: string }>)[0]?.text;
          if (text !== `Echo: s${i}-${k}`) throw new Error(`session ${i} got ${String(text)}`);
        }
      } catch {
        errors++;
      }
    }),
  );
  const ms = performance.now() - t0;
  await Promise.all(clients.map(async ({ client, transport }) => {
    await transport.terminateSession().catch(() => undefined);
    await client.close().catch(() => undefined);
  }));
  return { errors, ms };
}

export async function benchBridge(): Promise<string[]> {
  // The SDK HTTP client leaves one abort listener per request on a shared signal until GC; Node's
  // leak warning for that would be printed thousands of times and skew the client's timings.
  setMaxListeners(0);
  const bridge = await startBridgeProcess();
  const direct = new Client({ name: 'bench-direct', version: '1' });
  await direct.connect(new StdioClientTransport({ command: process.execPath, args: [EVERYTHING, 'stdio'], stderr: 'ignore' }));
  const via = httpClient(bridge.url, bridge.token);
  await via.client.connect(via.transport);
  const lines: string[] = [];
  try {
    await measure(direct, WARMUP, CONCURRENCY, 'echo');
    await measure(via.client, WARMUP, CONCURRENCY, 'everything__echo');
    const runs = { direct: [] as Run[], bridge: [] as Run[], directSeq: [] as Run[], bridgeSeq: [] as Run[] };
    const viaBridge = async (calls: number, concurrency: number): Promise<Run> => {
      const cpu0 = await bridge.cpuUs();
      const run = await measure(via.client, calls, concurrency, 'everything__echo');
      return { ...run, bridgeCpuUs: ((await bridge.cpuUs()) - cpu0) / calls };
    };
    // Alternating, so drift (thermal, other load) hits both sides alike.
    for (let round = 0; round < ROUNDS; round++) {
      runs.direct.push(await measure(direct, CALLS, CONCURRENCY, 'echo'));
      runs.bridge.push(await viaBridge(CALLS, CONCURRENCY));
      runs.directSeq.push(await measure(direct, SEQUENTIAL_CALLS, 1, 'echo'));
      runs.bridgeSeq.push(await viaBridge(SEQUENTIAL_CALLS, 1));
    }
    const m = (r: Run[], pick: (x: Run) => number): number => median(r.map(pick));
    const ratio = m(runs.bridge, (r) => r.throughput) / m(runs.direct, (r) => r.throughput);
    const addedSeq = m(runs.bridgeSeq, (r) => r.p50) - m(runs.directSeq, (r) => r.p50);
    const addedConc = m(runs.bridge, (r) => r.p50) - m(runs.direct, (r) => r.p50);
    const verdict = (ok: boolean): string => (ok ? 'target met' : 'TARGET MISSED');
    const f0 = (n: number): string => n.toFixed(0);
    const f2 = (n: number): string => n.toFixed(2);
    const many = await sessions(bridge.url, bridge.token);
    lines.push(`bridge: ${CALLS} echo calls at concurrency ${CONCURRENCY} to a stdio server-everything (median of ${ROUNDS} alternating rounds; bridge in its own process):`);
    lines.push(`  direct, SDK client over stdio      ${f0(m(runs.direct, (r) => r.throughput))} calls/s   p50 ${f2(m(runs.direct, (r) => r.p50))} ms   client CPU ${f0(m(runs.direct, (r) => r.clientCpuUs))} µs/call`);
    lines.push(`  through the bridge, SDK HTTP client ${f0(m(runs.bridge, (r) => r.throughput))} calls/s   p50 ${f2(m(runs.bridge, (r) => r.p50))} ms   client CPU ${f0(m(runs.bridge, (r) => r.clientCpuUs))} µs/call, bridge CPU ${f0(m(runs.bridge, (r) => r.bridgeCpuUs ?? NaN))} µs/call`);
    lines.push(`  throughput ratio                    ${f2(ratio)}x   ${verdict(ratio >= 0.75)} (>= 0.75x)`);
    lines.push(`  added p50 latency, one call at a time   ${f2(addedSeq)} ms (${f2(m(runs.directSeq, (r) => r.p50))} → ${f2(m(runs.bridgeSeq, (r) => r.p50))})   ${verdict(addedSeq <= 1)} (<= 1 ms)`);
    lines.push(`  added p50 latency, ${CONCURRENCY} at a time        ${f2(addedConc)} ms`);
    lines.push(`  ${SESSIONS} concurrent agent sessions × 10 calls: ${many.errors} errors in ${f0(many.ms)} ms   ${verdict(many.errors === 0)} (0 errors)`);
  } finally {
    await via.transport.terminateSession().catch(() => undefined);
    await via.client.close().catch(() => undefined);
    await direct.close().catch(() => undefined);
    await bridge.stop();
  }
  return lines;
}
