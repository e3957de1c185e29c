import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

export interface StartupSample {
  /** Spawn → first successful health answer. */
  healthMs: number;
  /** Spawn → full tools listing received (null for the baseline, which has no tools). */
  toolsMs: number | null;
  tools: number;
  rssMb: number;
}

function firstLine(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
  });
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match?.[1] ? Number(match[1]) / 1024 : NaN;
}

async function waitHealthy(origin: string): Promise<void> {
  for (;;) {
    try {
      const response = await fetch(`${origin}/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** `serve --json`: time to health and to a full tools listing, then idle RSS after settleMs. */
export async function measureServe(cli: string, home: string, settleMs: number): Promise<StartupSample> {
  const start = performance.now();
  const child = spawn(process.execPath, [cli, '--home', home, 'serve', '--port', '0', '--bridge-port', '0', '--json'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const ui = new URL((JSON.parse(await firstLine(child)) as { ui: string }).ui);
    await waitHealthy(ui.origin);
    const healthMs = performance.now() - start;
    const response = await fetch(`${ui.origin}/api/listTools`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ui.searchParams.get('token') ?? ''}` },
      body: '{}',
    });
    const { result } = (await response.json()) as { result: unknown[] };
    const toolsMs = performance.now() - start;
    await new Promise((r) => setTimeout(r, settleMs));
    return { healthMs, toolsMs, tools: result.length, rssMb: rssMb(child.pid ?? 0) };
  } finally {
    await stop(child);
  }
}

const BASELINE = `
const http = require('node:http');
const server = http.createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"ok":true}'); });
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ ui: 'http://127.0.0.1:' + server.address().port + '/' })));
`;

/** The direct baseline: a bare Node HTTP server answering health. */
export async function measureBaseline(settleMs: number): Promise<StartupSample> {
  const start = performance.now();
  const child = spawn(process.execPath, ['-e', BASELINE], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const ui = new URL((JSON.parse(await firstLine(child)) as { ui: string }).ui);
    await waitHealthy(ui.origin);
    const healthMs = performance.now() - start;
    await new Promise((r) => setTimeout(r, settleMs));
    return { healthMs, toolsMs: null, tools: 0, rssMb: rssMb(child.pid ?? 0) };
  } finally {
    await stop(child);
  }
}
