import { afterAll, describe, expect, it } from 'vitest';
import { MEMORY } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { confirmAsPerson, startServe, type Served } from '../support/serve';

/** `servers add … --connect`: added, approved as shown, started and listed in one command. */
describe('servers add --connect', () => {
  it('shows the command, approves it, starts the server and lists its tools in one step', async () => {
    const home = tempHome('cs-add-connect-');
    const added = await runCli(home, ['servers', 'add', 'notes', '--connect', '--yes', '--', process.execPath, MEMORY]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('Command of notes:');
    expect(added.stdout).toContain(MEMORY);
    expect(added.stdout).toMatch(/Added notes \(add, approve, connect\): ready, \d+ tools\./);
    // Nothing is left to approve: a call runs at once.
    const tools = await runCli(home, ['tools', 'notes']);
    expect(tools.code, tools.stderr).toBe(0);
    expect(tools.stdout).toContain('create_entities');
  }, 90_000);

  it('leaves nothing behind when the program cannot start, and says what was undone', async () => {
    const home = tempHome('cs-add-connect-fail-');
    const failed = await runCli(home, ['servers', 'add', 'broken', '--connect', '--yes', '--', process.execPath, '-e', 'process.exit(3)']);
    expect(failed.code).not.toBe(0);
    expect(failed.stderr).not.toContain('    at ');
    expect(failed.stderr).toContain('"broken" exited with code 3 while starting. Nothing was kept: its approval withdrawn, the entry "broken" removed.');
    const listed = await runCli(home, ['servers', 'list']);
    expect(listed.stdout).not.toContain('broken');
  }, 90_000);

  it('refuses --yes without --connect, for a command and for a registry entry, saying what to do', async () => {
    const home = tempHome('cs-add-connect-bad-');
    const yes = await runCli(home, ['servers', 'add', 'x', '--yes', '--', process.execPath, MEMORY]);
    expect(yes.code).not.toBe(0);
    expect(yes.stderr).toContain('--yes goes with --connect');
    const registry = await runCli(home, ['servers', 'add', 'y', '--from-registry', 'io.example/y', '--yes']);
    expect(registry.code).not.toBe(0);
    expect(registry.stderr).toContain('--yes goes with --connect');
    expect((await runCli(home, ['servers', 'list'])).stdout).not.toMatch(/\bx\b|\by\b/);
  }, 60_000);

  it('says a server command goes after `--` when its own options were read as ours, and adds nothing', async () => {
    const home = tempHome('cs-add-dashes-');
    const dashes = "goes after `--`, with its own options: `connected-services servers add NAME [options] -- COMMAND [its options]`";
    const npx = await runCli(home, ['servers', 'add', 's6', 'npx', '-y', '@modelcontextprotocol/server-memory']);
    expect(npx.code).toBe(2);
    expect(npx.stderr).toContain('--yes goes with --connect');
    expect(npx.stderr).toContain(`If -y was the server's own: a server's command ${dashes}`);
    const unknown = await runCli(home, ['servers', 'add', 's7', 'uvx', 'mcp-server-fetch', '--ignore-robots-txt']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`unknown option '--ignore-robots-txt'\n  hint: A server's command ${dashes}. \`connected-services help servers add\` explains it`);
    // Written with `--`, the same option is the server's.
    const added = await runCli(home, ['servers', 'add', 's8', '--', 'uvx', 'mcp-server-fetch', '--ignore-robots-txt']);
    expect(added.code).toBe(0);
    const listed = await runCli(home, ['servers', 'list']);
    expect(listed.stdout).toContain('s8');
    expect(listed.stdout).not.toMatch(/\bs6\b|\bs7\b/);
  }, 60_000);
});

describe('servers add --connect while serve runs', () => {
  const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'add-connect-serve' };
  let served: Served | undefined;
  afterAll(async () => {
    await served?.stop();
  });

  // The running app adds, approves and starts it once the person confirms there; this command has no vault of its own.
  it('waits for the person in the app, then the server is added, approved and started there', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-add-connect-serve-');
    served = await startServe(home, [], PASSPHRASE);
    const added = await runCli(home, ['servers', 'add', 'notes', '--connect', '--yes', '--', process.execPath, MEMORY], { env: PASSPHRASE });
    expect(added.stderr).not.toContain('internal');
    expect(added.stderr).toContain('Waiting for confirmation in the app');
    await confirmAsPerson(served, added);
    const tools = await runCli(home, ['tools', 'notes'], { env: PASSPHRASE });
    expect(tools.code, tools.stderr).toBe(0);
    expect(tools.stdout).toContain('create_entities');
  }, 120_000);
});
