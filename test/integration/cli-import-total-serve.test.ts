import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { confirmAsPerson, startServe, type Served } from '../support/serve';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'import-total-serve' };

function serverNames(home: string): string[] {
  return Object.keys((JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers);
}

function fileOf(home: string, name: string, names: string[]): string {
  const file = join(home, '..', name);
  writeFileSync(file, JSON.stringify({ mcpServers: Object.fromEntries(names.map((n) => [n, { command: 'echo' }])) }));
  return file;
}

describe('import from the command line while serve runs, with mcp.json near its bound', () => {
  let served: Served | undefined;
  afterAll(async () => {
    await served?.stop();
  });

  it('refuses an import past the 1000 servers before asking the person; one that fits waits for the person and is imported', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-import-total-serve-');
    // Disabled: serve starts none of them, and mcp.json counts them all the same.
    const servers = Object.fromEntries(Array.from({ length: 998 }, (_, i) => [`s${i}`, { type: 'http', url: 'https://example.com/mcp', enabled: false }]));
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: servers }), { mode: 0o600 });
    served = await startServe(home, [], PASSPHRASE);
    const waiting = async (): Promise<number> => ((await served!.api('listConfirmations')).body.result as unknown[]).length;
    const before = await waiting();

    const over = await runCli(home, ['import', 'cursor', '--path', fileOf(home, 'three.json', ['n1', 'n2', 'n3'])], { env: PASSPHRASE });
    expect(over.code, over.stderr).toBe(2);
    expect(over.stderr).toContain('error [invalid_input]: mcp.json has 998 servers and this import would add 3: 1001, more than the 1000 it holds after an import; nothing was imported.');
    expect(over.stderr).not.toContain('Waiting for confirmation');
    expect(await waiting()).toBe(before);
    expect(serverNames(home)).toHaveLength(998);

    const fits = await runCli(home, ['import', 'cursor', '--path', fileOf(home, 'two.json', ['n1', 'n2'])], { env: PASSPHRASE });
    expect(fits.stderr).toContain('Waiting for confirmation in the app: import servers from cursor');
    expect(await waiting()).toBe(before + 1);
    await confirmAsPerson(served, fits);
    expect(serverNames(home)).toHaveLength(1000);
  }, 120_000);
});
