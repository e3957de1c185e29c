/**
 * What a flood leaves behind in serve: 2,000 echo calls at once through the bridge, then V8's heap
 * after forced full collections (serve started with --expose-gc and flood-heap-probe.mjs),
 * against the same before the flood. Run: node --import tsx test/bench/flood-heap.ts [floods]
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { CLI } from '../support/cli';
import { LeanClient } from './lean-client';
import { rssMb } from './proc-rss';
import { homeWithServers } from './serve-process';

const FLOODS = Number(process.argv[2] ?? 3);
const CALLS = 2_000;
const bench = homeWithServers(1);
const probe = join(bench.home, '..', 'heap.json');
const child = spawn(process.execPath, [CLI, '--home', bench.home, 'serve', '--port', '0', '--bridge-port', '0', '--json'], {
  env: { ...process.env, NODE_OPTIONS: `--expose-gc --import ${pathToFileURL(join(import.meta.dirname, 'flood-heap-probe.mjs')).href}`, HEAP_PROBE_FILE: probe },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const ready = JSON.parse(await new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve))) as { bridge: string };

/** Full collections until the heap stops shrinking (flood-heap-probe.mjs in serve), then heapUsed and external in MB. */
async function settledHeap(): Promise<{ heapMb: number; externalMb: number; rssMb: number }> {
  rmSync(probe, { force: true });
  child.kill('SIGUSR2');
  for (const end = Date.now() + 30_000; !existsSync(probe); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > end) throw new Error('serve wrote no heap figures within 30 s');
  }
  await new Promise((r) => setTimeout(r, 50));
  const m = JSON.parse(readFileSync(probe, 'utf8')) as { heapUsed: number; external: number };
  return { heapMb: m.heapUsed / 2 ** 20, externalMb: m.external / 2 ** 20, rssMb: rssMb(child.pid ?? 0) };
}

const agent = await LeanClient.connect(ready.bridge, bench.agentToken, 64);
const server = bench.servers[0] ?? '';
// Warm: the server spawned, every code path loaded and compiled once.
await Promise.all(Array.from({ length: 200 }, (_, i) => agent.callTool(`${server}__echo`, { message: `w${i}` })));
const rows = [{ when: 'before', ...(await settledHeap()) }];
for (let f = 1; f <= FLOODS; f++) {
  await Promise.all(Array.from({ length: CALLS }, (_, i) => agent.callTool(`${server}__echo`, { message: `f${f}-${i}` })));
  rows.push({ when: `after flood ${f}`, ...(await settledHeap()) });
}
for (const r of rows) console.log(`${r.when.padEnd(14)} heapUsed ${r.heapMb.toFixed(1)} MB  external ${r.externalMb.toFixed(1)} MB  rss ${r.rssMb.toFixed(1)} MB`);
await agent.close();
child.kill('SIGTERM');
