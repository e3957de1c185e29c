import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FLOOD_LIMITS } from '../../electron/pool';
import { floodServer } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { eventually, startServe, type Served } from '../support/serve';

interface Status {
  servers: { name: string; state: string; lastError?: { code: string; message: string; hint?: string } }[];
}

const POLL_MS = 50;
const WATCH_MS = 5_000;

/** Polls /health for `forMs` (bounded: at most forMs / POLL_MS polls); each answer's time, slowest first. */
async function pollHealth(origin: string, forMs: number): Promise<number[]> {
  const times: number[] = [];
  const deadline = Date.now() + forMs;
  while (Date.now() < deadline) {
    const started = performance.now();
    const health = await fetch(`${origin}/health`);
    expect(health.status).toBe(200);
    await health.body?.cancel();
    times.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return times.sort((a, b) => b - a);
}

function median(sorted: number[]): number {
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

describe('serve with servers that flood their output', () => {
  let served: Served | undefined;
  let output = 0;
  /** /health's answers before anything floods, slowest first: the same machine's pace at the same time. */
  let baseline: number[] = [];

  beforeAll(async () => {
    const home = tempHome();
    mkdirSync(home, { recursive: true, mode: 0o700 });
    // Only the flooders: no demo servers competing for the CPU.
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { out: floodServer('out'), err: floodServer('err'), both: floodServer('both') } }), { mode: 0o600 });
    for (const name of ['out', 'err', 'both']) {
      const approved = await runCli(home, ['servers', 'approve', name, '--yes']);
      expect(approved.stdout).toContain(`Approved ${name}.`);
    }
    const started = await startServe(home);
    started.child.stderr?.on('data', (chunk: Buffer) => (output += chunk.length));
    served = started;
    baseline = await pollHealth(started.origin, 2_000);
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
  });

  it('keeps /health fast and the log bounded, and stops each flooder with a clear error', async () => {
    if (!served) throw new Error('serve did not start');
    const api = served.api.bind(served);
    const origin = served.origin;
    for (const [name, args] of [
      ['out', { stdout: true }],
      ['err', { stderr: true }],
      ['both', { stdout: true, stderr: true }],
    ] as const) {
      const call = await api('callTool', { server: name, tool: 'flood', arguments: args });
      expect(call.body.result).toMatchObject({ content: [{ type: 'text', text: 'flooding' }] });
    }
    const startOutput = output;
    const slowest = await pollHealth(origin, WATCH_MS);
    // Nearly every answer fast, none stalled: without the budgets only a handful of polls answered in the
    // whole window. Each bound is loose and stands beside the same server's answers before anything
    // flooded (measured in beforeAll), so a busy shared machine slows both sides, not the verdict.
    const shown = `slowest /health answers: ${slowest.slice(0, 5).map((ms) => ms.toFixed(0)).join(', ')} ms of ${slowest.length}; before the floods: ${baseline.slice(0, 5).map((ms) => ms.toFixed(0)).join(', ')} ms of ${baseline.length}`;
    const usual = median(baseline);
    expect(slowest.length, shown).toBeGreaterThan(Math.min(20, (0.3 * WATCH_MS) / (POLL_MS + usual)));
    const p95 = slowest[Math.floor(slowest.length * 0.05)] ?? Infinity;
    expect(p95, shown).toBeLessThan(Math.max(500, 10 * usual));
    expect(slowest[0], shown).toBeLessThan(Math.max(2_500, 5 * (baseline[0] ?? 0)));
    // Per server and second: the stderr budget, plus 100 stray stdout lines shown (each under 400 characters).
    const perSecond = DEFAULT_FLOOD_LIMITS.stderrBytesPerSecond + DEFAULT_FLOOD_LIMITS.stdoutLinesPerSecond * 400;
    expect(output - startOutput).toBeLessThan(3 * perSecond * (WATCH_MS / 1000));

    const status = await eventually(async () => {
      const { servers } = (await api('status')).body.result as Status;
      return servers.every((s) => s.state === 'error') ? servers : undefined;
    });
    const byName = new Map(status.map((s) => [s.name, s.lastError]));
    expect(byName.get('out')).toMatchObject({ code: 'server_unavailable', message: expect.stringContaining('"out" flooded its stdout with lines that are not JSON-RPC') as unknown });
    expect(byName.get('out')?.hint).toContain('only JSON-RPC to stdout');
    expect(byName.get('err')).toMatchObject({ code: 'server_unavailable', message: expect.stringContaining('"err" flooded its stderr') as unknown });
    expect(byName.get('err')?.hint).toContain('Lower the log level');
    expect(byName.get('both')?.message).toMatch(/"both" flooded its std(out|err)/);
    // Stopped, not restarted: a call says why until a person starts it again.
    const again = await api('callTool', { server: 'err', tool: 'ping' });
    expect(again.body.error).toMatchObject({ code: 'server_unavailable', message: expect.stringContaining('flooded its stderr') as unknown });
  }, 60_000);
});
