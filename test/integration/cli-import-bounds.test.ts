import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'import-bounds' };

/** mcp.json's entries as written (the starter servers of a new folder among them). */
function serversIn(home: string): Record<string, unknown> {
  return (JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers;
}

describe('import of a file naming a server twice, or too many, through the built CLI', () => {
  it('imports the last of a name given twice and says the earlier was left out', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-import-twice-');
    const file = join(home, '..', 'twice.json');
    writeFileSync(file, '{"mcpServers":{"dup":{"command":"echo","args":["first"]},"dup":{"command":"echo","args":["last"]}}}');
    const imported = await runCli(home, ['import', 'cursor', '--path', file], { env: PASSPHRASE });
    expect(imported.code, imported.stderr).toBe(0);
    expect(imported.stdout).toContain(`skipped dup: named more than once in ${file}: the earlier ones were left out (the client reads only the last)`);
    expect(serversIn(home)['dup']).toEqual({ command: 'echo', args: ['last'] });
  }, 60_000);

  it('refuses a file of more than 1000 servers whole, before anything is written', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-import-many-');
    const file = join(home, '..', 'many.json');
    writeFileSync(file, JSON.stringify({ mcpServers: Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`s${i}`, { command: 'echo' }])) }));
    const imported = await runCli(home, ['import', 'cursor', '--path', file], { env: PASSPHRASE });
    expect(imported.code).toBe(2);
    expect(imported.stderr).toContain(`error [invalid_input]: ${file} names 1001 servers, more than the 1000 one import takes; nothing was imported.`);
    expect(Object.keys(serversIn(home)).filter((name) => /^s\d+$/.test(name))).toEqual([]);
  }, 60_000);

  it('bounds mcp.json after the import, not each import alone: imports in parts stop at 1000 in all', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-import-total-');
    const fileOf = (name: string, from: number, count: number): string => {
      const file = join(home, '..', name);
      writeFileSync(file, JSON.stringify({ mcpServers: Object.fromEntries(Array.from({ length: count }, (_, i) => [`s${from + i}`, { command: 'echo' }])) }));
      return file;
    };
    const first = await runCli(home, ['import', 'cursor', '--path', fileOf('first.json', 0, 600)], { env: PASSPHRASE });
    expect(first.code, first.stderr).toBe(0);
    const existing = Object.keys(serversIn(home)).length;
    expect(existing).toBeGreaterThanOrEqual(600);
    // 100 of these are configured already: the import adds 500.
    const second = await runCli(home, ['import', 'cursor', '--path', fileOf('second.json', 500, 600)], { env: PASSPHRASE });
    expect(second.code).toBe(2);
    expect(second.stderr).toContain(`error [invalid_input]: mcp.json has ${existing} servers and this import would add 500: ${existing + 500}, more than the 1000 it holds after an import; nothing was imported.`);
    expect(second.stderr).toContain(`at most ${1000 - existing} new servers`);
    expect(Object.keys(serversIn(home))).toHaveLength(existing);
    const fits = await runCli(home, ['import', 'cursor', '--path', fileOf('third.json', 600, 1000 - existing)], { env: PASSPHRASE });
    expect(fits.code, fits.stderr).toBe(0);
    expect(Object.keys(serversIn(home))).toHaveLength(1000);
  }, 120_000);
});
