import { chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

/** One short command; what its chunk loader said of each chunk's cache (NODE_DEBUG=cs-chunks), and what it printed. */
async function listOnce(home: string): Promise<{ caches: Set<string>; stdout: string }> {
  const result = await runCli(home, ['servers', 'list'], { env: { NODE_DEBUG: 'cs-chunks' } });
  expect(result.code, result.stderr).toBe(0);
  return { caches: new Set([...result.stderr.matchAll(/loading \S+ \(code cache (\w+)\)/g)].map((m) => m[1] ?? '')), stdout: result.stdout };
}

// Every command, not only serve, runs the bundle with V8's code cache (electron/cli/code-cache):
// written as the first run after a build exits, used by the next, never read from a folder another
// account could write.
describe("a short command and the CLI's code cache", () => {
  it('writes the caches as it exits, uses them the next time, prints the same, and reads none from a folder others may write', async () => {
    const home = tempHome('cs-cli-code-cache-');
    // A first command makes the data folder and its cache/, into which the caches then go.
    expect((await runCli(home, ['status'])).code).toBe(0);
    const first = await listOnce(home);
    const dir = join(home, 'cache', 'code');
    expect(readdirSync(dir).filter((name) => name.endsWith('.cache')).length).toBeGreaterThan(3);
    const second = await listOnce(home);
    expect(second.caches).toEqual(new Set(['used']));
    expect(second.stdout).toBe(first.stdout);
    expect(second.stdout).toContain('everything');

    chmodSync(dir, 0o770);
    const shared = await listOnce(home);
    expect(shared.caches).toEqual(new Set(['none']));
    expect(shared.stdout).toBe(first.stdout);
  }, 60_000);
});
