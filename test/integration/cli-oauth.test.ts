import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { BROWSER, startStack, type Stack } from '../support/oauth-stack';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'oauth cli test passphrase' };

describe('signing in through the CLI against a real authorization server', () => {
  let stack: Stack;
  let child: ChildProcess;
  beforeAll(async () => {
    ({ stack, child } = await startStack());
  });
  afterAll(() => {
    child.stdin?.end();
    child.kill();
  });

  it('fails fast with auth_required, signs in in the browser, calls, shows expiry, disconnects', async () => {
    const home = await passphraseHome(PASSPHRASE);
    const cli = (args: string[]) => runCli(home, args, { env: PASSPHRASE });
    expect((await cli(['servers', 'add', 'notes', '--url', stack.mcpUrl])).code).toBe(0);

    const before = await cli(['call', 'notes', 'echo', '{"text":"hi"}']);
    expect(before.code).toBe(5);
    expect(before.stderr).toContain('error [auth_required]');
    expect(before.stderr).toContain('connected-services connect notes');

    const connect = await cli(['connect', 'notes', '--open-with', BROWSER]);
    expect(connect.stderr).not.toContain('error');
    expect(connect.code).toBe(0);
    expect(connect.stdout).toMatch(/notes: ready, \d+ tools/);

    const call = await cli(['call', 'notes', 'echo', '{"text":"hi"}']);
    expect(call.stdout).toContain('echo: hi');

    const status = JSON.parse((await cli(['status', '--json'])).stdout) as { servers: { name: string; auth?: { connected: boolean; expiresAt?: number; issuer?: string } }[] };
    const auth = status.servers.find((s) => s.name === 'notes')?.auth;
    expect(auth?.connected).toBe(true);
    expect(auth?.issuer).toBe(stack.issuer);
    expect(auth?.expiresAt).toBeGreaterThan(Date.now());

    const disconnect = await cli(['disconnect', 'notes', '--revoke']);
    expect(disconnect.code).toBe(0);
    expect(disconnect.stdout).toContain('Disconnected notes and revoked its tokens.');
    const after = await cli(['call', 'notes', 'echo', '{"text":"hi"}']);
    expect(after.code).toBe(5);
  }, 90_000);

  it('signs in with a device code, showing the code and where to enter it', async () => {
    const home = await passphraseHome(PASSPHRASE);
    const cli = (args: string[]) => runCli(home, args, { env: PASSPHRASE, timeoutMs: 40_000 });
    await cli(['servers', 'add', 'notes', '--url', stack.mcpUrl]);
    const connect = await cli(['connect', 'notes', '--device', '--open-with', BROWSER]);
    expect(connect.code).toBe(0);
    expect(connect.stderr).toMatch(/To sign in, open http:\/\/127\.0\.0\.1:\d+\/\S+ and enter the code:\n\s+[A-Z0-9-]+/);
    expect((await cli(['call', 'notes', 'echo', '{"text":"device"}'])).stdout).toContain('echo: device');
  }, 90_000);

  it('prints the address instead of opening anything with --print-url', async () => {
    const home = await passphraseHome(PASSPHRASE);
    await runCli(home, ['servers', 'add', 'notes', '--url', stack.mcpUrl], { env: PASSPHRASE });
    // Nobody follows the printed address here: the sign-in is ended once the address is shown.
    const shown = /Open this address to sign in:\s*\n?\s*http:\/\/127\.0\.0\.1:\d+\/auth\?\S*code_challenge_method=S256/;
    const child = spawn(process.execPath, [CLI, '--home', home, 'connect', 'notes', '--print-url'], { env: { ...process.env, ...PASSPHRASE }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    const ended = new Promise<void>((resolve) => child.on('close', () => resolve()));
    await new Promise<void>((resolve) => {
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (shown.test(stderr)) resolve();
      });
      void ended.then(() => resolve());
    });
    child.kill();
    await ended;
    expect(stderr).toMatch(shown);
  }, 60_000);
});

describe('a sign-in made by the CLI reaches the running app', () => {
  it('brings a server waiting for a sign-in back without restarting the app', async () => {
    const { stack, child } = await startStack();
    const { startServe, eventually } = await import('../support/serve');
    const home = await passphraseHome(PASSPHRASE);
    await runCli(home, ['servers', 'add', 'notes', '--url', stack.mcpUrl], { env: PASSPHRASE });
    const served = await startServe(home, [], PASSPHRASE);
    try {
      const refused = await served.api('callTool', { server: 'notes', tool: 'echo', arguments: { text: 'x' } });
      expect(refused.body.error?.code).toBe('auth_required');
      expect((await runCli(home, ['connect', 'notes', '--open-with', BROWSER], { env: PASSPHRASE })).code).toBe(0);
      const state = await eventually(async () => {
        const servers = ((await served.api('status')).body.result as { servers: { name: string; state: string }[] }).servers;
        const notes = servers.find((s) => s.name === 'notes');
        return notes?.state === 'ready' ? notes.state : undefined;
      }, 15_000);
      expect(state).toBe('ready');
      const call = await served.api('callTool', { server: 'notes', tool: 'echo', arguments: { text: 'after' } });
      expect(JSON.stringify(call.body.result)).toContain('echo: after');
    } finally {
      await served.stop();
      child.stdin?.end();
      child.kill();
    }
  });
});
