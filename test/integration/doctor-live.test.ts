import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { checkNamed, doctorJson, PASSPHRASE } from '../support/doctor-json';
import { passphraseHome } from '../support/passphrase-home';
import { startServe, type Served } from '../support/serve';

describe('doctor knows the real setup', () => {
  let home: string;
  let unauthorized: Server;
  beforeAll(async () => {
    home = await passphraseHome(PASSPHRASE, 'cs-doctor-');
    const cli = (args: string[]) => runCli(home, args, { env: PASSPHRASE });
    // A service whose sign-in is gone: it answers every request 401, as one with an expired token does.
    unauthorized = createServer((_request, response) => response.writeHead(401, { 'www-authenticate': 'Bearer' }).end());
    await new Promise<void>((resolve) => unauthorized.listen(0, '127.0.0.1', resolve));
    const port = (unauthorized.address() as AddressInfo).port;
    for (const args of [
      ['servers', 'add', 'needs', '--env', 'KEY=${secret:MISSING_ONE}', '--', 'node', '-e', '0'],
      ['servers', 'approve', 'needs', '--yes'],
      ['servers', 'add', 'locked', '--url', `http://127.0.0.1:${port}/mcp`, '--header', 'Authorization: Bearer ${secret:LOCKED_TOKEN}'],
      ['servers', 'approve', 'locked', '--yes'],
      ['servers', 'add', 'waiting', '--', 'node', '-e', 'process.exit(3)'],
      ['servers', 'add', 'off', '--env', 'K=${secret:OFF_ONE}', '--', 'node', '-e', '0'],
      ['servers', 'disable', 'off'],
    ]) {
      const result = await cli(args);
      expect(result.code, `${args.join(' ')}: ${result.stderr}`).toBe(0);
    }
    const set = await runCli(home, ['secrets', 'set', 'LOCKED_TOKEN'], { env: PASSPHRASE, input: 'stale-token-value-0123\n' });
    expect(set.code, set.stderr).toBe(0);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => unauthorized.close(() => resolve()));
  });

  it('reports a missing ${secret:…} reference for every entry, disabled ones too, with the fix', async () => {
    const { checks } = await doctorJson(home);
    expect(checkNamed(checks, 'references:needs')).toMatchObject({ status: 'fail', fix: 'connected-services secrets set MISSING_ONE' });
    expect(checkNamed(checks, 'references:needs').detail).toContain('${secret:MISSING_ONE} is missing from the vault');
    expect(checkNamed(checks, 'references:off').status).toBe('fail');
    expect(checkNamed(checks, 'references:locked').status).toBe('ok');
    // Plain doctor talks to no server.
    expect(checks.some((c) => c.id.startsWith('live:'))).toBe(false);
  });

  it("says its servers' ok is not an answer, and where one is asked for", async () => {
    const plain = await runCli(home, ['doctor'], { env: PASSPHRASE, timeoutMs: 40_000 });
    expect(plain.stdout).toMatch(/^ok {4}Server everything: /m);
    expect(plain.stderr).toContain('Servers were checked without starting them: `connected-services doctor --live` also talks to each once');
    // The JSON is for programs: no note beside it.
    expect((await doctorJson(home)).stderr).toBe('');
  });

  it('--live: one exchange per enabled server, saying which would fail now and how to fix each', async () => {
    const { code, checks, stderr } = await doctorJson(home, ['--live']);
    expect(code).toBe(1);
    expect(stderr).toBe('');
    expect(checkNamed(checks, 'live:everything')).toMatchObject({ status: 'ok' });
    expect(checkNamed(checks, 'live:everything').detail).toMatch(/answered initialize and tools\/list \(\d+ tools\)/);
    expect(checkNamed(checks, 'live:needs')).toMatchObject({ status: 'fail' });
    expect(checkNamed(checks, 'live:needs').fix).toContain('secrets set MISSING_ONE');
    expect(checkNamed(checks, 'live:locked').status).toBe('fail');
    expect(checkNamed(checks, 'live:locked').detail).toContain('[auth_required]');
    expect(checkNamed(checks, 'live:locked').fix).toContain('connected-services connect locked');
    // Never spawned for a check: an unapproved command; a disabled server is not tried.
    expect(checkNamed(checks, 'live:waiting')).toMatchObject({ status: 'warn', fix: 'connected-services servers approve waiting' });
    expect(checks.some((c) => c.id === 'live:off')).toBe(false);
    // The stored token is never shown.
    expect(JSON.stringify(checks)).not.toContain('stale-token-value');
  });

  describe('with the app running', () => {
    let served: Served;
    beforeAll(async () => {
      served = await startServe(home, [], PASSPHRASE);
    });
    afterAll(async () => {
      await served.stop();
    });

    it("checks the running app's real ports, not the defaults", async () => {
      const { checks } = await doctorJson(home);
      const ui = checkNamed(checks, 'port:UI');
      expect(ui).toMatchObject({ status: 'ok', title: `UI port ${new URL(served.origin).port}` });
      expect(ui.detail).toContain(`pid ${served.child.pid}`);
      expect(checkNamed(checks, 'port:bridge')).toMatchObject({ status: 'ok', title: `bridge port ${new URL(served.bridge ?? '').port}` });
    });

    it('--live goes through the running app’s pool', async () => {
      const { checks } = await doctorJson(home, ['--live']);
      expect(checkNamed(checks, 'live:memory').status).toBe('ok');
      // The app's own pool answered: its status now shows the server ready.
      const status = (await served.api('status')).body.result as { servers: { name: string; state: string }[] };
      expect(status.servers.find((s) => s.name === 'memory')?.state).toBe('ready');
    });
  });
});
