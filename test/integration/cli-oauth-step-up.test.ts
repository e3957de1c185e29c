import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { BROWSER, startStack, type Stack } from '../support/oauth-stack';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'oauth step-up test passphrase' };

describe('step-up through the CLI (MCP authorization: 403 insufficient_scope)', () => {
  let stack: Stack;
  let child: ChildProcess;
  beforeAll(async () => {
    ({ stack, child } = await startStack());
  });
  afterAll(() => {
    child.stdin?.end();
    child.kill();
  });

  it('after a 403 naming more scope, `connect` signs in again for the union of scopes at once, and the call works', async () => {
    const home = await passphraseHome(PASSPHRASE);
    const cli = (args: string[]) => runCli(home, args, { env: PASSPHRASE });
    expect((await cli(['servers', 'add', 'notes', '--url', stack.mcpUrl])).code).toBe(0);
    expect((await cli(['connect', 'notes', '--open-with', BROWSER])).code).toBe(0);
    expect((await cli(['call', 'notes', 'echo', '{"text":"hi"}'])).stdout).toContain('echo: hi');

    // The protected server answers 403 with `scope="mcp:read mcp:admin"` in WWW-Authenticate.
    const refused = await cli(['call', 'notes', 'admin', '{}']);
    expect(refused.code).toBe(5);
    expect(refused.stderr).toContain('error [auth_required]');
    expect(refused.stderr).toContain('needs more access (mcp:admin)');
    expect(refused.stderr).toContain('connected-services connect notes');

    // Status shows that it needs more access, and which, before anyone runs `connect`.
    const before = JSON.parse((await cli(['status', '--json'])).stdout) as { servers: Array<{ name: string; auth?: { scopes?: string[]; pendingScopes?: string[] } }> };
    const pending = before.servers.find((s) => s.name === 'notes')?.auth?.pendingScopes;
    expect(pending).toEqual(['mcp:admin']);
    const listed = await cli(['servers', 'list']);
    expect(listed.stdout, listed.stderr).toMatch(/needs more access: mcp:admin/);

    // Not "already connected": the sign-in runs, asking for what it had and what the server named.
    const connect = await cli(['connect', 'notes', '--open-with', BROWSER, '--json']);
    expect(connect.stderr).toContain('Waiting for the sign-in to finish in the browser');
    expect(connect.code).toBe(0);
    const shown = JSON.parse(connect.stdout) as { auth?: { scopes?: string[] } };
    expect(shown.auth?.scopes).toEqual(expect.arrayContaining(['mcp:read', 'mcp:admin']));
    const after = JSON.parse((await cli(['status', '--json'])).stdout) as { servers: Array<{ name: string; auth?: { pendingScopes?: string[] } }> };
    expect(after.servers.find((s) => s.name === 'notes')?.auth).not.toHaveProperty('pendingScopes');

    expect((await cli(['call', 'notes', 'admin', '{}'])).stdout).toContain('admin ok');
    // And once stepped up, `connect` has nothing more to ask for.
    const again = await cli(['connect', 'notes', '--open-with', BROWSER]);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain('Waiting for the sign-in');
  }, 60_000); // eight CLI runs and two sign-ins: ~15 s here, over 30 s under a loaded CI machine
});
