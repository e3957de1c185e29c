/**
 * Bridge benchmark. The same `echo` calls to a stdio server-everything, made by the SDK client
 * directly over stdio and through the bridge (its own process, as in the app: pool + Streamable
 * HTTP), measured in the same run in alternating rounds. Two references frame the bridge's figure:
 * the floor (a bare HTTP relay, what crossing HTTP alone costs) and the client (the same bridge
 * called by the lean client and by the SDK's HTTP client). Also: 64 agent sessions at once.
 */
import { setMaxListeners } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { EVERYTHING } from '../fixtures/servers/config';
import { startBenchProcess } from './bench-process';
import { LeanClient } from './lean-client';

const CALLS = 2_000;
const CONCURRENCY = 16;
const SEQUENTIAL_CALLS = 500;
const WARMUP = 500;
const ROUNDS = 3;
const SESSIONS = 64;
const BRIDGE_PROCESS = fileURLToPath(new URL('../fixtures/bridge/bridge-process.ts', import.meta.url));
const RELAY_PROCESS = fileURLToPath(new URL('../fixtures/bridge/http-relay.ts', import.meta.url));

interface Run {
  throughput: number;
  p50: number;
  /** CPU time of this (client) process per call, µs. */
  clientCpuUs: number;
  /** CPU time of the process in the middle (relay or bridge) per call, µs. */
  middleCpuUs?: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** Calls `echo` with a message and returns the text it answered. */
type Echo = (message: string) => Promise<string | undefined>;

function sdkEcho(client: Client, tool: string): Echo {
  return async (message) => {
    const result = await client.callTool({ name: tool, arguments: { message } });
    return (result.content as Array<{ text?: string }>)[0]?.text;
  };
}

function leanEcho(client: LeanClient, tool: string): Echo {
  return (message) => client.callTool(tool, { message });
}

/** `calls` echo calls, `concurrency` at a time: per-call latency, throughput, CPU of this process. */
async function measure(echo: Echo, calls: number, concurrency: number): Promise<Run> {
  const latencies: number[] = [];
  let next = 0;
  const cpu0 = process.cpuUsage();
  const started = performance.now();
  const worker = async (): Promise<void> => {
    while (next < calls) {
      const i = next++;
      const t0 = performance.now();
      const text = await echo(`m${i}`);
      latencies.push(performance.now() - t0);
      if (text !== `Echo: m${i}`) throw new Error(`call ${i} answered ${String(text)}`);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  return { throughput: calls / (elapsed / 1000), p50: median(latencies), clientCpuUs: (cpu.user + cpu.system) / calls };
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

interface Side {
  name: string;
  echo: Echo;
  /** CPU of the process in the middle (relay or bridge), µs so far. */
  middleCpuUs?: () => Promise<number>;
}

async function run(side: Side, calls: number, concurrency: number): Promise<Run> {
  if (!side.middleCpuUs) return measure(side.echo, calls, concurrency);
  const cpu0 = await side.middleCpuUs();
  const result = await measure(side.echo, calls, concurrency);
  return { ...result, middleCpuUs: ((await side.middleCpuUs()) - cpu0) / calls };
}

export async function benchBridge(): Promise<string[]> {
  // The SDK HTTP client leaves one abort listener per request on a shared signal until GC; Node's
  // leak warning for that would be printed thousands of times and skew the client's timings.
  setMaxListeners(0);
  const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
  const bridge = await startBenchProcess(BRIDGE_PROCESS, { BRIDGE_SERVERS: JSON.stringify({ everything }) });
  const relay = await startBenchProcess(RELAY_PROCESS, { RELAY_COMMAND: everything.command, RELAY_ARGS: JSON.stringify(everything.args) });
  const direct = new Client({ name: 'bench-direct', version: '1' });
  await direct.connect(new StdioClientTransport({ ...everything, stderr: 'ignore' }));
  const sdk = httpClient(bridge.url, bridge.token ?? '');
  await sdk.client.connect(sdk.transport);
  const lean = await LeanClient.connect(bridge.url, bridge.token);
  const leanRelay = await LeanClient.connect(relay.url);
  const sides: Side[] = [
    { name: 'direct', echo: sdkEcho(direct, 'echo') },
    { name: 'floor', echo: leanEcho(leanRelay, 'echo'), middleCpuUs: () => relay.cpuUs() },
    { name: 'bridge', echo: leanEcho(lean, 'everything__echo'), middleCpuUs: () => bridge.cpuUs() },
    { name: 'bridgeSdk', echo: sdkEcho(sdk.client, 'everything__echo'), middleCpuUs: () => bridge.cpuUs() },
  ];
  const runs = new Map<string, { conc: Run[]; seq: Run[] }>(sides.map((side) => [side.name, { conc: [], seq: [] }]));
  const lines: string[] = [];
  try {
    for (const side of sides) await run(side, WARMUP, CONCURRENCY);
    // Alternating, so drift (thermal, other load) hits every side alike.
    for (let round = 0; round < ROUNDS; round++) {
      for (const side of sides) runs.get(side.name)?.conc.push(await run(side, CALLS, CONCURRENCY));
      for (const side of sides) runs.get(side.name)?.seq.push(await run(side, SEQUENTIAL_CALLS, 1));
    }
    const m = (name: string, pick: (x: Run) => number, seq = false): number => {
      const all = runs.get(name);
      return median(((seq ? all?.seq : all?.conc) ?? []).map(pick));
    };
    const tput = (name: string): number => m(name, (r) => r.throughput);
    const verdict = (ok: boolean): string => (ok ? 'target met' : 'TARGET MISSED');
    const f0 = (n: number): string => n.toFixed(0);
    const f2 = (n: number): string => n.toFixed(2);
    const row = (label: string, name: string): string => {
      const middle = m(name, (r) => r.middleCpuUs ?? NaN);
      const cpu = Number.isNaN(middle) ? '' : `, middle ${f0(middle)}`;
      const ratio = name === 'direct' ? '' : `   ${f2(tput(name) / tput('direct'))}x direct`;
      return `  ${label.padEnd(40)} ${f0(tput(name)).padStart(6)} calls/s   p50 ${f2(m(name, (r) => r.p50))} ms   CPU µs/call: client ${f0(m(name, (r) => r.clientCpuUs))}${cpu}${ratio}`;
    };
    const ratio = tput('bridge') / tput('direct');
    const addedSeq = m('bridgeSdk', (r) => r.p50, true) - m('direct', (r) => r.p50, true);
    const addedLean = m('bridge', (r) => r.p50, true) - m('direct', (r) => r.p50, true);
    const many = await sessions(bridge.url, bridge.token ?? '');
    lines.push(`bridge: ${CALLS} echo calls at concurrency ${CONCURRENCY} to a stdio server-everything (median of ${ROUNDS} alternating rounds; relay and bridge in their own processes):`);
    lines.push(row('direct, SDK client over stdio', 'direct'));
    lines.push(row('floor: bare HTTP relay, lean client', 'floor'));
    lines.push(row('through the bridge, lean client', 'bridge'));
    lines.push(row('through the bridge, SDK HTTP client', 'bridgeSdk'));
    lines.push(`  throughput ratio                           ${f2(ratio)}x direct with the lean client, ${f2(tput('bridgeSdk') / tput('direct'))}x with the SDK HTTP client   ${verdict(ratio >= 0.75)} (>= 0.75x)`);
    lines.push(`  against the floor                          the floor is ${f2(tput('floor') / tput('direct'))}x direct; the bridge is ${f2(tput('bridge') / tput('floor'))}x of the floor`);
    lines.push(`  added p50 latency, one call at a time      ${f2(addedSeq)} ms with the SDK HTTP client, ${f2(addedLean)} ms with the lean client   ${verdict(addedSeq <= 1)} (<= 1 ms)`);
    lines.push(`  ${SESSIONS} concurrent agent sessions × 10 calls: ${many.errors} errors in ${f0(many.ms)} ms   ${verdict(many.errors === 0)} (0 errors)`);
  } finally {
    await sdk.transport.terminateSession().catch(() => undefined);
    await sdk.client.close().catch(() => undefined);
    await lean.close();
    await leanRelay.close();
    await direct.close().catch(() => undefined);
    await bridge.stop();
    await relay.stop();
  }
  return lines;
}
