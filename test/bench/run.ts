import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBridge } from './bridge';
import { benchUi } from './ui';
import { measureBaseline, measureServe, type StartupSample } from './startup';

const root = fileURLToPath(new URL('../..', import.meta.url));
const cli = join(root, 'bin', 'connected-services.mjs');
const ROUNDS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
}

/** A home with `count` servers configured and their inventories cached, none spawned. */
function homeWithServers(count: number): string {
  const home = join(mkdtempSync(join(tmpdir(), 'cs-bench-')), 'home');
  execFileSync(process.execPath, [cli, '--home', home, 'tools', 'everything', '--json'], { stdio: 'ignore' });
  const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
  const template = config.mcpServers['everything'];
  const cache = readFileSync(join(home, 'cache', 'inventory', 'everything.json'), 'utf8');
  const servers: Record<string, unknown> = {};
  for (let i = 1; i <= count; i++) {
    const name = `service${String(i).padStart(2, '0')}`;
    servers[name] = template;
    writeFileSync(join(home, 'cache', 'inventory', `${name}.json`), cache.replaceAll('"everything"', JSON.stringify(name)));
  }
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: servers }, null, 2));
  return home;
}

async function rounds(measure: () => Promise<StartupSample>): Promise<StartupSample> {
  const samples: StartupSample[] = [];
  for (let i = 0; i < ROUNDS; i++) samples.push(await measure());
  return {
    healthMs: median(samples.map((s) => s.healthMs)),
    toolsMs: samples[0]?.toolsMs === null ? null : median(samples.map((s) => s.toolsMs ?? NaN)),
    tools: samples[0]?.tools ?? 0,
    rssMb: median(samples.map((s) => s.rssMb)),
  };
}

function verdict(ok: boolean): string {
  return ok ? 'target met' : 'TARGET MISSED';
}

const fifty = homeWithServers(50);
const twenty = homeWithServers(20);
const baseline = await rounds(() => measureBaseline(0));
const startup = await rounds(() => measureServe(cli, fifty, 0));
const idleBaseline = await rounds(() => measureBaseline(2000));
const idle = await rounds(() => measureServe(cli, twenty, 2000));

const f = (n: number) => n.toFixed(0);
console.log(`serve start-up, 50 servers configured, inventories cached, none spawned (median of ${ROUNDS}):`);
console.log(`  health answered     ${f(startup.healthMs)} ms   (bare Node HTTP server: ${f(baseline.healthMs)} ms, ratio ${(startup.healthMs / baseline.healthMs).toFixed(2)}x)`);
console.log(`  full tools listing  ${f(startup.toolsMs ?? NaN)} ms   (${startup.tools} tools)   ${verdict((startup.toolsMs ?? Infinity) <= 500)} (<= 500 ms)`);
console.log(`idle memory, 20 servers configured (after 2 s idle):`);
console.log(`  RSS                 ${idle.rssMb.toFixed(1)} MB  (bare Node HTTP server: ${idleBaseline.rssMb.toFixed(1)} MB, ratio ${(idle.rssMb / idleBaseline.rssMb).toFixed(2)}x)   ${verdict(idle.rssMb < 120)} (< 120 MB)`);

console.log('bridge (agent → bridge → stdio server-everything) against the SDK client calling it directly over stdio:');
for (const line of await benchBridge()) console.log(`  ${line}`);

console.log('UI search with 1,000 services and 5,000 tools (production build in Chromium):');
for (const line of await benchUi()) console.log(`  ${line}`);
