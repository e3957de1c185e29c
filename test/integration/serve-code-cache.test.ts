import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { cacheKey, readCodeCache } from '../../electron/cli/code-cache/cache-file';
import { ROOT, runCli, tempHome } from '../support/cli';
import { startServe } from '../support/serve';

const manifest = JSON.parse(readFileSync(join(ROOT, 'dist', 'cli-cjs', 'manifest.json'), 'utf8')) as Record<string, string>;

/** One serve start to health and a full listing, then a stop; what its chunk loader said of each cache (NODE_DEBUG=cs-chunks). */
async function serveOnce(home: string): Promise<string[]> {
  const served = await startServe(home, [], { NODE_DEBUG: 'cs-chunks' });
  try {
    expect((await fetch(`${served.origin}/health`)).status).toBe(200);
    const tools = await served.api('listTools');
    expect(tools.status).toBe(200);
    expect((tools.body.result as unknown[]).length).toBeGreaterThan(0);
  } finally {
    expect(await served.stop()).toBe(0);
  }
  return [...served.stderr().matchAll(/loading \S+ \(code cache (\w+)\)/g)].map((m) => m[1] ?? '');
}

const cacheFiles = (dir: string): string[] => readdirSync(dir).filter((name) => name.endsWith('.cache'));

// The code cache (electron/cli/code-cache) of the real serve: written to the data folder, used, never when stale or damaged.
describe('serve and its code cache', () => {
  const home = tempHome();
  const dir = join(home, 'cache', 'code');
  beforeAll(async () => {
    // The demo servers' inventories cached: the data folder and its cache/ exist, as after any first run.
    expect((await runCli(home, ['tools', '--json'], { timeoutMs: 60_000 })).code).toBe(0);
  }, 90_000);

  it('writes one owner-only cache per chunk it ran, for this build, and the next start uses them', async () => {
    // The command above ran in a data folder that existed, so it may have cached its own chunks: none to begin with.
    rmSync(dir, { recursive: true, force: true });
    expect(new Set(await serveOnce(home))).toEqual(new Set(['none']));
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const written = cacheFiles(dir);
    expect(written.length).toBeGreaterThan(3);
    for (const file of written) {
      expect(statSync(join(dir, file)).mode & 0o777).toBe(0o600);
      const name = file.slice(0, -'.cache'.length);
      expect(readCodeCache(dir, name, cacheKey(manifest[name] ?? 'not in this build'))?.length, name).toBeGreaterThan(0);
    }
    expect(new Set(await serveOnce(home))).toEqual(new Set(['used']));
  }, 60_000);

  it('starts and serves as before from damaged caches, and replaces them', async () => {
    for (const file of cacheFiles(dir)) {
      const bytes = readFileSync(join(dir, file));
      for (let i = bytes.indexOf(0x0a) + 1; i < bytes.length; i += 97) bytes[i] = (bytes[i] ?? 0) ^ 0x5a;
      writeFileSync(join(dir, file), bytes);
    }
    expect(new Set(await serveOnce(home))).toEqual(new Set(['none']));
    expect(new Set(await serveOnce(home))).toEqual(new Set(['used']));
  }, 60_000);

  it("does not use the caches of another build (another digest of the file), and replaces them", async () => {
    for (const file of cacheFiles(dir)) {
      const bytes = readFileSync(join(dir, file));
      const name = file.slice(0, -'.cache'.length);
      const digest = manifest[name] ?? '';
      writeFileSync(join(dir, file), Buffer.from(bytes.toString('latin1').replace(digest, '0'.repeat(digest.length)), 'latin1'));
    }
    expect(new Set(await serveOnce(home))).toEqual(new Set(['none']));
    expect(new Set(await serveOnce(home))).toEqual(new Set(['used']));
  }, 60_000);
});
