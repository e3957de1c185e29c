/**
 * Bridge benchmark. The same `echo` calls to a stdio server-everything, made by the SDK client
 * directly over stdio, through the bare HTTP relay (the floor: what crossing HTTP alone costs),
 * through the bridge (its own process, as in the app: pool + Streamable HTTP) and through
 * `mcp-proxy` from npm, each with the lean client and the SDK's HTTP client, measured in the same
 * run in alternating rounds. Also: many agent sessions at once.
 */
import { setMaxListeners } from 'node:events';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING } from '../fixtures/servers/config';
import { startBenchProcess, type Usage } from './bench-process';
import { startMcpProxy } from './mcp-proxy';
import { cpuUsOf, processTree } from './proc-rss';
import { homeWithServers, startServe } from './serve-process';
import { check, ratioSpread, spread, type Row } from './report';
import { LeanClient } from './lean-client';
import { leanEcho, sdkEcho, type Echo } from './echo-clients';
import { totalSwitches } from './proc-switches';
import { httpClient, sessions } from './bridge-sessions';

const CONCURRENCY = 16;
const BRIDGE_PROCESS = fileURLToPath(new URL('../fixtures/bridge/bridge-process.ts', import.meta.url));
const RELAY_PROCESS = fileURLToPath(new URL('../fixtures/bridge/http-relay.ts', import.meta.url));
const SDK_ECHO_PROCESS = fileURLToPath(new URL('../fixtures/bridge/sdk-echo.ts', import.meta.url));
const THIN_ECHO_PROCESS = fileURLToPath(new URL('../fixtures/bridge/thin-echo.ts', import.meta.url));

interface Run {
  throughput: number;
  p50: number;
  /** CPU time of this (client) process per call, µs. */
  clientCpuUs: number;
  /** CPU time of the process in the middle (relay or bridge) per call, µs. */
  middleCpuUs?: number;
  /** Of that, its garbage collection pauses per call, µs (our fixtures only). */
  middleGcUs?: number;
  /** Context switches per call of every thread of this process and the side's `pids` (/proc). */
  switches?: number;
}

function median(values: number[]): number {
  return spread(values).median;
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

interface Side {
  name: string;
  echo: Echo;
  /** CPU of the process in the middle (relay, bridge or proxy) so far, µs, with its collection pauses when known. */
  middleUsage?: () => Promise<Usage>;
  /** The processes a call crosses besides this one (the middle, the server), whose switches count. */
  pids?: number[];
}

async function run(side: Side, calls: number, concurrency: number): Promise<Run> {
  const pids = [process.pid, ...(side.pids ?? [])];
  const before = await side.middleUsage?.();
  const switches = totalSwitches(pids);
  const out: Run = await measure(side.echo, calls, concurrency);
  out.switches = (totalSwitches(pids) - switches) / calls;
  const after = await side.middleUsage?.();
  if (before === undefined || after === undefined) return out;
  out.middleCpuUs = (after.cpuUs - before.cpuUs) / calls;
  if (after.gcUs !== undefined && before.gcUs !== undefined) out.middleGcUs = (after.gcUs - before.gcUs) / calls;
  return out;
}

export interface BridgeOptions {
  /** Calls per concurrent run (16 at a time), per one-at-a-time run, and for warming up. */
  calls: number;
  sequentialCalls: number;
  warmup: number;
  rounds: number;
  /** Concurrent agent sessions, 10 calls each. */
  sessions: number;
}

type SideName = 'direct' | 'floor' | 'bridge' | 'bridgeModern' | 'serve' | 'bridgeSdk' | 'proxy' | 'proxySdk' | 'sdkServer' | 'thinServer';

/** Rows: throughput against the floor, added latency, against mcp-proxy. */
export async function benchBridge(options: BridgeOptions): Promise<Row[]> {
  // The SDK HTTP client leaves one abort listener per request on a shared signal until GC; Node's
  // leak warning for that would be printed thousands of times and skew the client's timings.
  setMaxListeners(0);
  const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
  const stack: Array<() => Promise<unknown>> = [];
  try {
    const bridge = await startBenchProcess(BRIDGE_PROCESS, { BRIDGE_SERVERS: JSON.stringify({ everything }) });
    stack.push(() => bridge.stop());
    const relay = await startBenchProcess(RELAY_PROCESS, { RELAY_COMMAND: everything.command, RELAY_ARGS: JSON.stringify(everything.args) });
    stack.push(() => relay.stop());
    const proxy = await startMcpProxy(everything.command, everything.args);
    stack.push(() => proxy.stop());
    // Context, not a baseline: the SDK's server and transport alone, answering without a server behind.
    const sdkServer = await startBenchProcess(SDK_ECHO_PROCESS, {});
    stack.push(() => sdkServer.stop());
    // The same with the bridge's own transport in place of the SDK's (what the transport alone costs).
    const thinServer = await startBenchProcess(THIN_ECHO_PROCESS, {});
    stack.push(() => thinServer.stop());
    // The real `serve` with the same server (as service01), as a check on the bridge process above:
    // both should cost alike, and a difference between them is something to explain.
    const served = homeWithServers(1);
    const serve = await startServe(served.home);
    stack.push(() => serve.stop());
    const direct = new Client({ name: 'bench-direct', version: '1' });
    const directStdio = new StdioClientTransport({ ...everything, stderr: 'ignore' });
    await direct.connect(directStdio);
    const bridgePids = [bridge.pid, processTree(bridge.pid)[1] ?? 0];
    stack.push(() => direct.close());
    const sdk = httpClient(bridge.url, bridge.token ?? '');
    await sdk.client.connect(sdk.transport);
    stack.push(async () => {
      await sdk.transport.terminateSession().catch(() => undefined);
      await sdk.client.close();
    });
    const proxySdk = httpClient(proxy.url, '');
    await proxySdk.client.connect(proxySdk.transport);
    stack.push(async () => {
      await proxySdk.transport.terminateSession().catch(() => undefined);
      await proxySdk.client.close();
    });
    const lean = await LeanClient.connect(bridge.url, bridge.token);
    stack.push(() => lean.close());
    // The same bridge, the same calls, as a 2026-07-28 agent: no session, each request stands alone.
    const leanModern = LeanClient.modern(bridge.url, bridge.token);
    stack.push(() => leanModern.close());
    const leanRelay = await LeanClient.connect(relay.url);
    stack.push(() => leanRelay.close());
    const leanProxy = await LeanClient.connect(proxy.url);
    stack.push(() => leanProxy.close());
    const leanServe = await LeanClient.connect(serve.bridgeUrl, served.agentToken);
    stack.push(() => leanServe.close());
    const leanSdkServer = await LeanClient.connect(sdkServer.url);
    stack.push(() => leanSdkServer.close());
    const leanThinServer = await LeanClient.connect(thinServer.url);
    stack.push(() => leanThinServer.close());
    const proxyCpu = (): Promise<Usage> => Promise.resolve({ cpuUs: cpuUsOf(proxy.pid) });
    const sides: Array<Side & { name: SideName; sequential: boolean }> = [
      { name: 'direct', echo: sdkEcho(direct, 'echo'), pids: [directStdio.pid ?? 0], sequential: true },
      { name: 'floor', echo: leanEcho(leanRelay, 'echo'), middleUsage: () => relay.usage(), sequential: false },
      { name: 'bridge', echo: leanEcho(lean, 'everything__echo'), middleUsage: () => bridge.usage(), pids: bridgePids, sequential: true },
      { name: 'bridgeModern', echo: leanEcho(leanModern, 'everything__echo'), middleUsage: () => bridge.usage(), pids: bridgePids, sequential: true },
      { name: 'serve', echo: leanEcho(leanServe, `${served.servers[0] ?? ''}__echo`), middleUsage: () => Promise.resolve({ cpuUs: cpuUsOf(serve.pid) }), sequential: true },
      { name: 'bridgeSdk', echo: sdkEcho(sdk.client, 'everything__echo'), middleUsage: () => bridge.usage(), sequential: true },
      { name: 'proxy', echo: leanEcho(leanProxy, 'echo'), middleUsage: proxyCpu, sequential: true },
      { name: 'proxySdk', echo: sdkEcho(proxySdk.client, 'echo'), middleUsage: proxyCpu, sequential: false },
      { name: 'sdkServer', echo: leanEcho(leanSdkServer, 'echo'), middleUsage: () => sdkServer.usage(), sequential: true },
      { name: 'thinServer', echo: leanEcho(leanThinServer, 'echo'), middleUsage: () => thinServer.usage(), sequential: false },
    ];
    const runs = new Map<SideName, { conc: Run[]; seq: Run[] }>(sides.map((side) => [side.name, { conc: [], seq: [] }]));
    // Figures are for a bridge that has been running a while: V8 optimizes the code a call runs
    // over its first ~10,000 calls (--trace-opt: ~420 functions in the first 10,000, ~20 in the next
    // 10,000, a few after), and that compiling shares the two cores with the calls measured. The
    // warm-up's own throughput is printed as context.
    const warm = new Map<SideName, Run>();
    for (const side of sides) {
      try {
        warm.set(side.name, await run(side, options.warmup, CONCURRENCY));
      } catch (error) {
        throw new Error(`${side.name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // Alternating, so drift (thermal, other load) hits every side alike.
    for (let round = 0; round < options.rounds; round++) {
      for (const side of sides) runs.get(side.name)?.conc.push(await run(side, options.calls, CONCURRENCY));
      for (const side of sides) if (side.sequential) runs.get(side.name)?.seq.push(await run(side, options.sequentialCalls, 1));
    }
    const conc = (name: SideName, pick: (r: Run) => number = (r) => r.throughput): number[] => (runs.get(name)?.conc ?? []).map(pick);
    const seq = (name: SideName, pick: (r: Run) => number = (r) => r.p50): number[] => (runs.get(name)?.seq ?? []).map(pick);
    const switches = (name: SideName): string => `${median(seq(name, (r) => r.switches ?? NaN)).toFixed(2)} context switches per call (the agent's, bridge's and server's threads; direct stdio ${median(seq('direct', (r) => r.switches ?? NaN)).toFixed(2)})`;
    const cpu = (name: SideName): string => `${median(conc(name, (r) => r.middleCpuUs ?? NaN)).toFixed(0)}`;
    const gc = (name: SideName): string => `${median(conc(name, (r) => r.middleGcUs ?? NaN)).toFixed(1)}`;
    const many = await sessions(bridge.url, bridge.token ?? '', options.sessions);
    const throughput = ratioSpread(conc('bridge'), conc('floor'));
    const added = ratioSpread(seq('bridge'), seq('direct'), (a, b) => a - b);
    const addedSdk = median(seq('bridgeSdk')) - median(seq('direct'));
    const vsProxy = ratioSpread(conc('bridge'), conc('proxy'));
    const throughputModern = ratioSpread(conc('bridgeModern'), conc('floor'));
    const addedModern = ratioSpread(seq('bridgeModern'), seq('direct'), (a, b) => a - b);
    const vsProxySdk = ratioSpread(conc('bridgeSdk'), conc('proxySdk'));
    const middleCpu = (r: Run): number => r.middleCpuUs ?? NaN;
    const cpuModern = ratioSpread(conc('bridgeModern', middleCpu), conc('bridge', middleCpu));
    const calls = `${options.calls.toLocaleString('en')} echo calls at concurrency ${CONCURRENCY} to stdio server-everything`;
    const warmBridge = warm.get('bridge')?.throughput ?? NaN;
    const warmFloor = warm.get('floor')?.throughput ?? NaN;
    const warmup = `the first ${options.warmup.toLocaleString('en')} calls after start (warm-up, not in the figure): bridge ${warmBridge.toFixed(0)}, relay ${warmFloor.toFixed(0)} calls/s, ${(warmBridge / warmFloor).toFixed(2)}x`;
    return [
      {
        key: 'throughput',
        what: `bridge throughput, lean client, ${calls}`,
        unit: 'calls/s',
        ours: spread(conc('bridge')),
        baseline: spread(conc('floor')),
        baselineLabel: 'the floor: a bare Node HTTP relay, lean client',
        figure: throughput,
        figureUnit: 'x the floor',
        target: '>= 0.85x',
        status: check(throughput.median, '>=', 0.85),
        note: `CPU µs per call in the middle: bridge ${cpu('bridge')}, relay ${cpu('floor')}, of which garbage collection pauses ${gc('bridge')} and ${gc('floor')}; ${warmup}; the real \`serve\` with the same server: ${median(conc('serve')).toFixed(0)} calls/s, ${ratioSpread(conc('serve'), conc('floor')).median.toFixed(2)}x the floor, ${cpu('serve')} µs CPU per call (/proc, 10 ms ticks); the SDK's server and Streamable HTTP transport alone, answering with no server behind them: ${median(conc('sdkServer')).toFixed(0)} calls/s, ${(median(conc('sdkServer')) / median(conc('floor'))).toFixed(2)}x the floor, ${cpu('sdkServer')} µs CPU per call; the same SDK server behind the bridge's own transport: ${median(conc('thinServer')).toFixed(0)} calls/s, ${(median(conc('thinServer')) / median(conc('floor'))).toFixed(2)}x the floor, ${cpu('thinServer')} µs CPU per call; direct stdio (SDK client) ${median(conc('direct')).toFixed(0)} calls/s, the floor is ${(median(conc('floor')) / median(conc('direct'))).toFixed(2)}x that; ${options.sessions} concurrent agent sessions × 10 calls: ${many.errors} errors in ${many.ms.toFixed(0)} ms${many.firstError ? ` (first: ${many.firstError})` : ''}`,
      },
      {
        key: 'latency',
        what: `bridge added p50 latency over direct stdio, one call at a time (${options.sequentialCalls} calls), lean client`,
        unit: 'ms',
        ours: spread(seq('bridge')),
        baseline: spread(seq('direct')),
        baselineLabel: 'SDK client calling the server directly over stdio',
        figure: added,
        figureUnit: 'ms added',
        target: '<= 0.3 ms',
        status: check(added.median, '<=', 0.3),
        note: `the real \`serve\` adds ${ratioSpread(seq('serve'), seq('direct'), (a, b) => a - b).median.toFixed(2)} ms; with the SDK HTTP client the bridge adds ${addedSdk.toFixed(2)} ms; mcp-proxy (lean client) p50 ${median(seq('proxy')).toFixed(2)} ms; the SDK's server alone (no server behind it) p50 ${median(seq('sdkServer')).toFixed(2)} ms; ${switches('bridge')}`,
      },
      {
        key: 'throughput-2026',
        what: `bridge throughput for a 2026-07-28 agent (no session, the \`_meta\` envelope and Mcp-Method/Mcp-Name headers on each call), lean client, ${calls}`,
        unit: 'calls/s',
        ours: spread(conc('bridgeModern')),
        baseline: spread(conc('floor')),
        baselineLabel: 'the floor: a bare Node HTTP relay, lean client',
        figure: throughputModern,
        figureUnit: 'x the floor',
        target: '>= 0.85x',
        status: check(throughputModern.median, '>=', 0.85),
        note: `CPU µs per call in the bridge: 2026-07-28 ${cpu('bridgeModern')}, a 2025-era session ${cpu('bridge')} (same run), of which garbage collection pauses ${gc('bridgeModern')} and ${gc('bridge')}; SDK v2 \`createMcpHandler\` serves each request on a pooled server of the agent (row cpu-2026)`,
      },
      {
        key: 'latency-2026',
        what: `bridge added p50 latency over direct stdio for a 2026-07-28 agent, one call at a time (${options.sequentialCalls} calls), lean client`,
        unit: 'ms',
        ours: spread(seq('bridgeModern')),
        baseline: spread(seq('direct')),
        baselineLabel: 'SDK client calling the server directly over stdio',
        figure: addedModern,
        figureUnit: 'ms added',
        target: '<= 0.3 ms',
        status: check(addedModern.median, '<=', 0.3),
        note: `a 2025-era session adds ${added.median.toFixed(2)} ms in the same run; ${switches('bridgeModern')}`,
      },
      {
        key: 'cpu-2026',
        what: `the bridge's CPU per call for a 2026-07-28 agent against a call in a 2025-era session, the same ${calls} (each round both, alternating)`,
        unit: 'µs CPU per call',
        ours: spread(conc('bridgeModern', middleCpu)),
        baseline: spread(conc('bridge', middleCpu)),
        baselineLabel: 'a call in a 2025-era session (lean client)',
        figure: cpuModern,
        figureUnit: 'x a session call',
        target: '<= 1.0x',
        status: check(cpuModern.median, '<=', 1),
        note: `of which garbage collection pauses: 2026-07-28 ${gc('bridgeModern')} µs, session ${gc('bridge')} µs; the floor (relay) ${cpu('floor')} µs`,
      },
      {
        key: 'mcp-proxy',
        what: `the same calls through mcp-proxy ${proxy.version} (npm) in front of the same server, lean client both ways`,
        unit: 'calls/s',
        ours: spread(conc('bridge')),
        baseline: spread(conc('proxy')),
        baselineLabel: 'mcp-proxy, lean client',
        figure: vsProxy,
        figureUnit: 'x mcp-proxy',
        target: '>= 2x',
        status: check(vsProxy.median, '>=', 2),
        note: `SDK HTTP client both ways: bridge ${median(conc('bridgeSdk')).toFixed(0)} vs mcp-proxy ${median(conc('proxySdk')).toFixed(0)} calls/s, ${vsProxySdk.median.toFixed(2)}x; CPU µs per call in mcp-proxy ${cpu('proxy')}`,
      },
    ];
  } finally {
    for (const stop of stack.reverse()) await stop().catch(() => undefined);
  }
}
