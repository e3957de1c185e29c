/**
 * `serve` start-up and idle memory, each against a bare Node HTTP server started the same way, in
 * alternating rounds: spawn → health answered (50 servers configured, inventories cached, none
 * spawned); the full tools listing; RSS after settling with 20 servers configured.
 */
import { spawn } from 'node:child_process';
import { processCpuMs as cpuMs } from './proc-cpu';
import { rssMb } from './proc-rss';
import { check, ratioSpread, spread, type Row } from './report';
import { homeWithServers, readyLine, startServe, stopChild, waitHealthy } from './serve-process';

export interface StartupSample {
  /** Spawn → first successful health answer. */
  healthMs: number;
  /** Spawn → full tools listing received (null for the baseline, which has no tools). */
  toolsMs: number | null;
  tools: number;
  rssMb: number;
  /** CPU time the process (all its threads) had used when health answered (proc-cpu.ts): steadier than wall time under load. */
  cpuMs: number;
  /** CPU time used when the full tools listing was received (NaN for the baseline). */
  toolsCpuMs: number;
}

/** `serve --json`: time to health and to a full tools listing, then idle RSS after settleMs. */
export async function measureServe(home: string, settleMs: number, cli?: string): Promise<StartupSample> {
  const start = performance.now();
  let healthMs = NaN;
  let cpu = NaN;
  // Health is timed before the harness signs in: those requests are the test's work, not start-up.
  const serve = await startServe(home, cli, async (origin, pid) => {
    await waitHealthy(origin);
    healthMs = performance.now() - start;
    cpu = cpuMs(pid);
  });
  try {
    const tools = await serve.api<unknown[]>('listTools');
    if (!Array.isArray(tools)) throw new Error('App API listTools answered something other than a list');
    const toolsMs = performance.now() - start;
    const toolsCpuMs = cpuMs(serve.pid);
    await new Promise((r) => setTimeout(r, settleMs));
    return { healthMs, toolsMs, tools: tools.length, rssMb: rssMb(serve.pid), cpuMs: cpu, toolsCpuMs };
  } finally {
    await serve.stop();
  }
}

const BASELINE = `
const http = require('node:http');
const server = http.createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"ok":true}'); });
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ ui: 'http://127.0.0.1:' + server.address().port + '/' })));
`;

/** The baseline: a bare Node HTTP server answering health. */
export async function measureBaseline(settleMs: number): Promise<StartupSample> {
  const start = performance.now();
  const child = spawn(process.execPath, ['-e', BASELINE], { stdio: ['ignore', 'pipe', 'pipe'] });
  try {
    const ui = new URL((JSON.parse(await readyLine(child, 'the bare HTTP server')) as { ui: string }).ui);
    await waitHealthy(ui.origin);
    const healthMs = performance.now() - start;
    const cpu = cpuMs(child.pid ?? 0);
    await new Promise((r) => setTimeout(r, settleMs));
    return { healthMs, toolsMs: null, tools: 0, rssMb: rssMb(child.pid ?? 0), cpuMs: cpu, toolsCpuMs: NaN };
  } finally {
    await stopChild(child);
  }
}

export interface StartupOptions {
  /** Rounds of the idle-memory row (each waits settleMs). */
  rounds: number;
  /** Rounds of the start-up rows: a start takes ~0.2 s, and the median of 5 moved by more than the row's margin between runs. */
  startRounds: number;
  /** Servers configured for the start-up row (50) and the idle-memory row (20). */
  startServers: number;
  idleServers: number;
  settleMs: number;
}

/** Rows: serve start to health, the full tools listing (info), idle RSS. */
export async function benchStartup(options: StartupOptions): Promise<Row[]> {
  const many = homeWithServers(options.startServers);
  const some = homeWithServers(options.idleServers);
  const base: StartupSample[] = [];
  const ours: StartupSample[] = [];
  const idleBase: StartupSample[] = [];
  const idle: StartupSample[] = [];
  // Alternating, so drift on a shared machine hits both sides alike.
  for (let i = 0; i < options.startRounds; i++) {
    base.push(await measureBaseline(0));
    ours.push(await measureServe(many.home, 0));
  }
  for (let i = 0; i < options.rounds; i++) {
    idleBase.push(await measureBaseline(options.settleMs));
    idle.push(await measureServe(some.home, options.settleMs));
  }
  const healthRatio = ratioSpread(ours.map((s) => s.healthMs), base.map((s) => s.healthMs));
  const rssRatio = ratioSpread(idle.map((s) => s.rssMb), idleBase.map((s) => s.rssMb));
  const toolsMs = spread(ours.map((s) => s.toolsMs ?? NaN));
  // Not on every OS: /proc.
  const cpuKnown = [...ours, ...base].every((s) => Number.isFinite(s.cpuMs));
  const cpuOurs = cpuKnown ? spread(ours.map((s) => s.cpuMs)).median : NaN;
  const cpuBase = cpuKnown ? spread(base.map((s) => s.cpuMs)).median : NaN;
  const tools = ours[0]?.tools ?? 0;
  return [
    {
      key: 'serve-start',
      what: `\`serve\` start to health answered, ${options.startServers} servers configured (cached, none spawned)`,
      unit: 'ms',
      ours: spread(ours.map((s) => s.healthMs)),
      baseline: spread(base.map((s) => s.healthMs)),
      baselineLabel: 'bare Node HTTP server started the same way',
      figure: healthRatio,
      figureUnit: 'x the bare server',
      target: '<= 2x',
      status: check(healthRatio.median, '<=', 2),
      ...(cpuKnown ? { note: `CPU used by then: ${cpuOurs.toFixed(0)} ms against ${cpuBase.toFixed(0)} ms (${(cpuOurs / cpuBase).toFixed(2)}x)` } : {}),
    },
    {
      key: 'tools-listing',
      what: `\`serve\` start to the full tools listing (${tools} tools), ${options.startServers} servers`,
      unit: 'ms',
      ours: toolsMs,
      baseline: spread(base.map((s) => s.healthMs)),
      baselineLabel: 'bare Node HTTP server to health',
      figure: toolsMs,
      figureUnit: 'ms',
      target: '<= 500 ms',
      status: check(toolsMs.median, '<=', 500),
    },
    {
      key: 'idle-rss',
      what: `idle RSS of \`serve\` with ${options.idleServers} servers configured (after ${options.settleMs / 1000} s)`,
      unit: 'MB',
      ours: spread(idle.map((s) => s.rssMb)),
      baseline: spread(idleBase.map((s) => s.rssMb)),
      baselineLabel: 'bare Node HTTP server',
      figure: rssRatio,
      figureUnit: 'x the bare server',
      target: '<= 1.8x',
      status: check(rssRatio.median, '<=', 1.8),
    },
  ];
}
