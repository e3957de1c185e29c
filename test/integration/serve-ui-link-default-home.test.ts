import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, runNode } from '../support/cli';
import { startServe, type Served } from '../support/serve';

/** A person's environment with no data folder or passphrase named: the default folder is under a HOME of the test's own. */
function personEnv(): { env: Record<string, string | undefined>; home: string } {
  const home = mkdtempSync(join(tmpdir(), 'cs-person-'));
  const env: Record<string, string | undefined> = { ...process.env, HOME: home };
  for (const name of Object.keys(env)) if (name.startsWith('CONNECTED_SERVICES_') || name === 'XDG_CONFIG_HOME') delete env[name];
  return { env, home };
}

const uiLink = (env: Record<string, string | undefined>, json = false) =>
  runNode([CLI, 'serve', '--ui-link', ...(json ? ['--json'] : [])], { env, what: 'connected-services serve --ui-link' });

describe('serve --ui-link with the default data folder', () => {
  const served: Served[] = [];
  afterAll(async () => {
    for (const one of served) await one.stop();
  });

  it('with no serve running says so and how to start one, exits non-zero, and starts nothing', async () => {
    const { env, home } = personEnv();
    const result = await uiLink(env);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/^error \[server_unavailable\]: Connected Services is not running for .*connected-services, so no serve is there to print a new sign-in address/m);
    expect(result.stderr).toContain('Start it with `connected-services serve`');
    expect(result.stdout).toBe('');
    // Not even the default data folder is made.
    expect(existsSync(join(home, '.config', 'connected-services'))).toBe(false);
  });

  it('has the serve running for the default folder print a new address where it runs', async () => {
    const { env, home } = personEnv();
    const dataDir = join(home, '.config', 'connected-services');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const serve = await startServe(dataDir, [], { HOME: home }, undefined, { browserLink: false });
    served.push(serve);
    const shown = serve.nextLine();
    const result = await uiLink(env, true);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ ui: null, origin: serve.origin, alreadyRunning: true, linkShown: true });
    expect((JSON.parse(await shown) as { ui: string }).ui).toMatch(new RegExp(`^${serve.origin}/#token=[\\w-]{43}$`));
  });
});
