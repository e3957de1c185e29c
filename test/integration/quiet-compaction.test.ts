import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createInterface, type Interface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeanClient } from '../bench/lean-client';
import { EVERYTHING } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';

const BRIDGE_PROCESS = fileURLToPath(new URL('../fixtures/bridge/bridge-process.ts', import.meta.url));
const QUIET_MS = 1500;

interface Memory {
  youngBytes: number;
  compactions: number;
}

let child: ChildProcessWithoutNullStreams;
let lines: Interface;
let client: LeanClient;

const nextLine = (): Promise<string> => new Promise((resolve) => lines.once('line', resolve));

async function memory(): Promise<Memory> {
  const answer = nextLine();
  child.stdin.write('memory\n');
  return JSON.parse(await answer) as Memory;
}

async function untilCompactions(count: number): Promise<Memory> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const now = await memory();
    if (now.compactions >= count || Date.now() > deadline) return now;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function busy(calls: number): Promise<void> {
  let left = calls;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (left-- > 0) expect(await client.callTool('everything__echo', { message: 'busy' })).toBe('Echo: busy');
    }),
  );
}

// The bridge process as `serve` runs it (pool, bridge, quiet-compaction.ts), with a short quiet period.
beforeAll(async () => {
  const everything = { command: process.execPath, args: [EVERYTHING, 'stdio'] };
  child = spawn(process.execPath, tsEntry(BRIDGE_PROCESS), {
    env: { ...process.env, BRIDGE_SERVERS: JSON.stringify({ everything }), BRIDGE_AGENTS_QUIET_MS: String(QUIET_MS) },
  });
  child.stderr.resume();
  lines = createInterface({ input: child.stdout });
  const ready = JSON.parse(await nextLine()) as { url: string; token: string };
  client = await LeanClient.connect(ready.url, ready.token);
}, 60_000);

afterAll(async () => {
  await client.close();
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin.end();
  await exited;
});

describe('memory given back when the agents go quiet (serve, quiet-compaction.ts)', () => {
  it('collects once after a busy spell while the server keeps running, and again after the next spell', async () => {
    await busy(4000);
    const afterBusy = await memory();
    expect(afterBusy.compactions).toBe(0);

    // The server never stops here (no idle timeout in this config): only the agents' quiet collects.
    const quiet = await untilCompactions(1);
    expect(quiet.compactions).toBe(1);
    expect(quiet.youngBytes).toBeLessThan(afterBusy.youngBytes);

    // One collection per spell: more quiet does not collect again.
    await new Promise((resolve) => setTimeout(resolve, 2 * QUIET_MS));
    expect((await memory()).compactions).toBe(1);

    // The server kept running and answers; its calls open a new spell, and V8 grows the young
    // generation again for them (nothing holds it at its collected size).
    await busy(4000);
    expect((await memory()).youngBytes).toBeGreaterThan(quiet.youngBytes);
    expect((await untilCompactions(2)).compactions).toBe(2);
  }, 60_000);
});
