/**
 * The pool's direct tools/call (electron/pool/direct-calls.ts) of two trees measured against each
 * other in one process: each side a real SDK Client on a fake stdio transport (test/support), rounds
 * of 16 calls at once answered at once, alternating between the sides, so load that comes and goes
 * hits both alike. Prints each round and the medians: CPU µs per call (this process, with its garbage
 * collection). What the bridge's per-call figures (era-ab.ts) cannot show on a loaded machine: the
 * few µs of one part.
 *
 * Run: make the other tree as era-ab.ts's header says, then
 * `AB_BEFORE=/tmp/before node --import tsx test/bench/direct-call-ab.ts`. AB_AFTER (default this
 * tree), AB_ROUNDS (21), AB_CALLS (20000), AB_WARMUP (20000).
 */
import { join } from 'node:path';
import { ROOT } from '../fixtures/servers/config';
import { FakeStdio } from '../support/direct-stdio';
import { load, median } from './ab-figures';
import { Client } from '@modelcontextprotocol/client';
import { loadClientSdk, type ClientSdk } from '../../electron/pool/client-sdk';
import { listedTools } from '../../electron/pool/output-validators';
import type { DirectToolCalls } from '../../electron/pool/direct-calls';
import { LazyAbort } from '../../electron/pool/cancellation';

const BEFORE = process.env['AB_BEFORE'];
if (BEFORE === undefined) throw new Error('AB_BEFORE: the tree of the code to compare against (see the header of direct-call-ab.ts)');
const AFTER = process.env['AB_AFTER'] ?? ROOT;
const ROUNDS = Number(process.env['AB_ROUNDS'] ?? 21);
const CALLS = Number(process.env['AB_CALLS'] ?? 20000);
const WARMUP = Number(process.env['AB_WARMUP'] ?? 20000);
const CONCURRENCY = 16;

type DirectClass = new (...args: ConstructorParameters<typeof DirectToolCalls>) => DirectToolCalls;
interface Side {
  name: string;
  stdio: FakeStdio;
  direct: DirectToolCalls;
}

const sdk: ClientSdk = await loadClientSdk();
const options = { timeout: 60_000, resetTimeoutOnProgress: false };

async function side(name: string, tree: string): Promise<Side> {
  const { DirectToolCalls: Direct } = (await import(join(tree, 'electron/pool/direct-calls.ts'))) as { DirectToolCalls: DirectClass };
  const stdio = new FakeStdio();
  const client = new Client({ name: 'ab', version: '1' }, { jsonSchemaValidator: sdk.jsonSchemaValidator });
  const direct = new Direct(stdio, client, sdk, listedTools(() => []));
  await client.connect(stdio);
  return { name, stdio, direct };
}

/** `calls` calls, 16 at a time, each with the caller's cancellation as the bridge passes it; CPU µs per call. */
async function measure({ stdio, direct }: Side, calls: number): Promise<number> {
  const cpu0 = process.cpuUsage();
  for (let done = 0; done < calls; done += CONCURRENCY) {
    stdio.out.length = 0;
    const pending: Array<Promise<Record<string, unknown>> | undefined> = [];
    for (let i = 0; i < CONCURRENCY; i++) pending.push(direct.call('echo', { message: `m${i}` }, options, new LazyAbort()));
    for (const { message } of stdio.out) {
      const id = (message as { id: number }).id;
      stdio.deliver({ jsonrpc: '2.0', id, result: { content: [{ type: 'text', text: `Echo: ${String(id)}` }] } });
    }
    for (const call of pending) if (call === undefined || (await call)['content'] === undefined) throw new Error('a call took the SDK path or answered nothing');
  }
  const cpu = process.cpuUsage(cpu0);
  return (cpu.user + cpu.system) / calls;
}

const sides = [await side('before', BEFORE), await side('after', AFTER)];
for (const s of sides) await measure(s, WARMUP);
console.log(`load at the start: ${load()}`);
const figures = new Map<string, number[]>(sides.map((s) => [s.name, []]));
for (let round = 0; round < ROUNDS; round++) {
  const order = round % 2 === 0 ? sides : [...sides].reverse();
  const line: string[] = [];
  for (const s of order) {
    const us = await measure(s, CALLS);
    figures.get(s.name)?.push(us);
    line.push(`${s.name} ${us.toFixed(2)}`);
  }
  console.log(`round ${round}: ${line.join('  ')} (CPU µs per call)`);
}
console.log(`load at the end: ${load()}`);
const [before, after] = [figures.get('before') ?? [], figures.get('after') ?? []];
for (const [name, values] of figures) console.log(`${name}: CPU ${median(values).toFixed(2)} µs per call (median of ${values.length})`);
console.log(`after/before, paired by round: ${median(after.map((a, i) => a / (before[i] ?? Number.NaN))).toFixed(3)}x`);
