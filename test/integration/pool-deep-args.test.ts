import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { floodServer } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { startServe, type Served } from '../support/serve';

const DEPTH = 20_000;
const CALLS = 200;

function rssBytes(pid: number): number {
  const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? 0) * 1024;
}

describe.skipIf(process.platform !== 'linux')('serve: calls whose arguments cannot be sent', () => {
  let served: Served | undefined;

  beforeAll(async () => {
    const home = tempHome();
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { deep: floodServer('deep') } }), { mode: 0o600 });
    expect((await runCli(home, ['servers', 'approve', 'deep', '--yes'])).stdout).toContain('Approved deep.');
    served = await startServe(home);
  }, 60_000);

  afterAll(async () => {
    await served?.stop();
  });

  it(`answers invalid_input and leaks nothing: ${CALLS} calls nested ${DEPTH} deep`, async () => {
    if (!served) throw new Error('serve did not start');
    const pid = served.child.pid ?? 0;
    // Nested arrays: 40 KB of JSON that JSON.parse takes, and JSON.stringify cannot send.
    const body = `{"server":"deep","tool":"ping","arguments":{"x":${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}}`;
    const call = async (): Promise<{ code?: string; message?: string }> => {
      const response = await fetch(`${served?.origin ?? ''}/api/callTool`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${served?.secret ?? ''}` },
        body,
      });
      return ((await response.json()) as { error?: { code?: string; message?: string } }).error ?? {};
    };
    expect((await served.api('callTool', { server: 'deep', tool: 'ping' })).body.result).toMatchObject({ content: [{ text: 'pong' }] });
    // Warm up (heap growth of the first calls is not a leak), then measure.
    for (let i = 0; i < 30; i++) await call();
    const before = rssBytes(pid);
    for (let i = 0; i < CALLS; i++) {
      const error = await call();
      expect(error.code).toBe('invalid_input');
    }
    const after = rssBytes(pid);
    expect(after - before, `RSS ${(before / 2 ** 20).toFixed(0)} MB → ${(after / 2 ** 20).toFixed(0)} MB`).toBeLessThan(20 * 2 ** 20);
    // The server is still fine.
    expect((await served.api('callTool', { server: 'deep', tool: 'ping' })).body.result).toMatchObject({ content: [{ text: 'pong' }] });
  }, 120_000);
});
