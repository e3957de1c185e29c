import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { confirmAsPerson, startServe, type Served } from '../support/serve';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'add-total' };

function serverNames(home: string): string[] {
  return Object.keys((JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers);
}

describe('servers add through the built CLI, with mcp.json near its bound', () => {
  // As an import: adds one at a time must not grow the file without bound either.
  it('adds the 1000th server and refuses the 1001st, saying how many there are', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-add-total-');
    const servers = Object.fromEntries(Array.from({ length: 999 }, (_, i) => [`s${i}`, { url: 'https://example.com/mcp' }]));
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: servers }), { mode: 0o600 });
    const last = await runCli(home, ['servers', 'add', 'last', '--url', 'https://example.com/last'], { env: PASSPHRASE });
    expect(last.code, last.stderr).toBe(0);
    expect(serverNames(home)).toHaveLength(1000);
    const over = await runCli(home, ['servers', 'add', 'over', '--url', 'https://example.com/over'], { env: PASSPHRASE });
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('error [invalid_input]: mcp.json has 1000 servers and this server would add 1: 1001, more than the 1000 it holds after an add; nothing was added.');
    expect(over.stderr).toContain('servers remove NAME');
    expect(serverNames(home)).not.toContain('over');
  }, 60_000);
});

describe('servers add while serve runs, with mcp.json near its bound in entries serve skips as invalid', () => {
  let served: Served | undefined;
  afterAll(async () => {
    await served?.stop();
  });

  // The app's list holds only valid servers; the bound is on the entries mcp.json holds, as an import counts them.
  it('refuses the 1001st entry before asking the person; the 1000th waits for the person and is added', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-add-total-serve-');
    // No "type": each is skipped as invalid, yet is in the file.
    const servers = Object.fromEntries(Array.from({ length: 998 }, (_, i) => [`s${i}`, { url: 'https://example.com/mcp' }]));
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { ...servers, off: { type: 'http', url: 'https://example.com/mcp', enabled: false } } }), { mode: 0o600 });
    served = await startServe(home, [], PASSPHRASE);
    const waiting = async (): Promise<number> => ((await served!.api('listConfirmations')).body.result as unknown[]).length;
    const before = await waiting();

    const fits = await runCli(home, ['servers', 'add', 'last', '--url', 'https://example.com/last'], { env: PASSPHRASE });
    expect(fits.stderr).toContain('Waiting for confirmation in the app');
    await confirmAsPerson(served, fits);
    expect(serverNames(home)).toHaveLength(1000);

    const over = await runCli(home, ['servers', 'add', 'over', '--url', 'https://example.com/over'], { env: PASSPHRASE });
    expect(over.code, over.stderr).toBe(2);
    expect(over.stderr).toContain('error [invalid_input]: mcp.json has 1000 servers and this server would add 1: 1001, more than the 1000 it holds after an add; nothing was added.');
    expect(over.stderr).not.toContain('Waiting for confirmation');
    expect(await waiting()).toBe(before);
    expect(serverNames(home)).not.toContain('over');
  }, 120_000);
});
