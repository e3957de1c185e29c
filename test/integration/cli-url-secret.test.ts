import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHeaderRecorder } from '../fixtures/servers/header-recorder-server';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startServe } from '../support/serve';

const ENV = { CONNECTED_SERVICES_PASSPHRASE: 'url secret passphrase', CONNECTED_SERVICES_REGISTRY_REFRESH: 'off' };
const SECRET = 'Sekr3t&Val=ue#42/xyz';
const FORMS = [SECRET, encodeURIComponent(SECRET), 'Sekr3t'];

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Every file of the data folder but the vault's, as text. */
function dataFolderText(dir: string): string {
  return readdirSync(dir)
    .filter((name) => name !== 'vault.enc')
    .map((name) => join(dir, name))
    .map((path) => (statSync(path).isDirectory() ? dataFolderText(path) : readFileSync(path, 'latin1')))
    .join('\n');
}

// docs/configuration.md, "Secrets in the config": a ${secret:…} in an HTTP entry's URL is filled in
// when it connects, and only the request carries it.
describe('CLI: a secret in an HTTP server\'s URL', () => {
  it('is filled in for the request only, never shown, logged or written', async () => {
    const recorder = await startHeaderRecorder('url-secret');
    cleanups.push(() => recorder.close());
    const home = await passphraseHome(ENV, 'cs-url-secret-');
    const cli = (args: string[], input?: string) => runCli(home, args, { env: ENV, timeoutMs: 40_000, ...(input !== undefined ? { input } : {}) });
    expect((await cli(['secrets', 'set', 'URL_KEY'], `${SECRET}\n`)).code).toBe(0);
    const added = await cli(['servers', 'add', 'keyed', '--url', `${recorder.url}?api_key=\${secret:URL_KEY}&region=eu`]);
    expect(added.code, added.stderr).toBe(0);
    // The URL sends a secret: where, the person approves first.
    expect(added.stdout).toContain('servers approve keyed');
    expect((await cli(['servers', 'approve', 'keyed', '--yes'])).code).toBe(0);

    const call = await cli(['call', 'keyed', 'whoami', '{}']);
    expect(call.code, call.stderr).toBe(0);
    expect(call.stdout).toContain('url-secret');
    const sent = recorder.targets.map((target) => new URL(target, 'http://x').searchParams);
    expect(sent.length).toBeGreaterThan(0);
    for (const params of sent) expect([params.get('api_key'), params.get('region')]).toEqual([SECRET, 'eu']);

    // Unreachable: the error names the URL as written.
    await recorder.close();
    const failed = await cli(['call', 'keyed', 'whoami', '{}']);
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).toContain('${secret:URL_KEY}');

    const shown = [added, call, failed];
    for (const args of [['servers', 'list'], ['status'], ['status', '--json'], ['doctor']]) shown.push(await cli(args));
    const printed = shown.map((run) => run.stdout + run.stderr).join('\n');
    expect(printed).toContain('api_key=${secret:URL_KEY}');
    for (const form of FORMS) expect(printed).not.toContain(form);
    for (const form of FORMS) expect(dataFolderText(home)).not.toContain(form);
  }, 120_000);

  it('under serve: the App API\'s status, the server\'s log and serve\'s own output show it as written', async () => {
    const recorder = await startHeaderRecorder('url-secret-serve');
    cleanups.push(() => recorder.close());
    const home = await passphraseHome(ENV, 'cs-url-secret-serve-');
    const cli = (args: string[], input?: string) => runCli(home, args, { env: ENV, timeoutMs: 40_000, ...(input !== undefined ? { input } : {}) });
    expect((await cli(['secrets', 'set', 'URL_KEY'], `${SECRET}\n`)).code).toBe(0);
    expect((await cli(['servers', 'add', 'keyed', '--url', `${recorder.url}?api_key=\${secret:URL_KEY}`])).code).toBe(0);
    expect((await cli(['servers', 'approve', 'keyed', '--yes'])).code).toBe(0);
    const served = await startServe(home, [], ENV);
    cleanups.push(() => served.stop());
    const connected = await served.api('connect', { name: 'keyed' });
    expect(connected.body.error).toBeUndefined();
    expect(recorder.targets.some((target) => new URL(target, 'http://x').searchParams.get('api_key') === SECRET)).toBe(true);
    await recorder.close();
    const restarted = await served.api('restartServer', { name: 'keyed' });
    const status = await served.api('status', {});
    const logs = await cli(['logs', 'keyed']);
    const printed = [JSON.stringify(connected.body), JSON.stringify(restarted.body), JSON.stringify(status.body), logs.stdout, logs.stderr, served.stderr()].join('\n');
    expect(printed).toContain('api_key=${secret:URL_KEY}');
    for (const form of FORMS) expect(printed).not.toContain(form);
    await served.stop();
    for (const form of FORMS) expect(dataFolderText(home)).not.toContain(form);
  }, 120_000);

  it('may not stand in the host: add and load both refuse it', async () => {
    const home = await passphraseHome(ENV, 'cs-url-secret-host-');
    const run = await runCli(home, ['servers', 'add', 'h', '--url', 'https://${secret:HOST}.example.com/mcp'], { env: ENV });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('reference only in its path or query');
  }, 60_000);
});
