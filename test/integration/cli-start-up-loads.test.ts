import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { loadProbe } from '../support/load-probe';
import { startServe, type Served } from '../support/serve';

// Which files the built CLI reads before it answers: a timing-free guard for the bench's `cli` and
// `startup` steps. A package imported at the top of a module every command loads is read (and, if
// CommonJS, lexed) at every start; the CLI inlines the small pure ones and imports the rest on first use.
describe('files the built CLI loads at start', () => {
  let served: Served | undefined;
  const home = tempHome();
  beforeAll(async () => {
    // The demo servers' inventories cached, as a person's second `tools` or `serve` finds them (none spawns then).
    expect((await runCli(home, ['tools', '--json'], { timeoutMs: 60_000 })).code).toBe(0);
  }, 90_000);
  afterEach(async () => {
    await served?.stop();
    served = undefined;
  });

  const fromPackages = (files: string[]): string[] => files.filter((file) => file.split(/[\\/]/).includes('node_modules'));

  it('status, servers list and a cached tools load only dist/, no package from node_modules', async () => {
    for (const args of [['status'], ['servers', 'list'], ['tools']]) {
      const probe = loadProbe();
      const result = await runCli(home, args, { env: probe.env });
      expect(result.code, result.stderr).toBe(0);
      const loaded = probe.loaded();
      expect(loaded).toContain('dist/cli.mjs');
      expect({ args, packages: fromPackages(loaded) }).toEqual({ args, packages: [] });
    }
  });

  it('serve loads only dist/ up to its first health answer', async () => {
    const probe = loadProbe();
    served = await startServe(home, [], probe.env);
    expect((await fetch(`${served.origin}/health`)).status).toBe(200);
    const loaded = probe.loaded();
    expect(loaded).toContain('dist/cli.mjs');
    expect(fromPackages(loaded)).toEqual([]);
  });
});
