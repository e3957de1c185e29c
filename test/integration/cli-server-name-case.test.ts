import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { doctorJson } from '../support/doctor-json';
import { passphraseHome } from '../support/passphrase-home';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'name-case' };

// Files are named after a server: on macOS and Windows `memory` and `MEMORY` would share them.
describe('server names that differ only in case, through the built CLI', () => {
  it('servers add and import refuse a name equal to an existing one ignoring case, naming the existing one', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-name-case-');
    expect((await runCli(home, ['servers', 'add', 'diary', '--', 'node', 'm.js'], { env: PASSPHRASE })).code).toBe(0);
    const twin = await runCli(home, ['servers', 'add', 'DIARY', '--', 'node', 'm.js'], { env: PASSPHRASE });
    expect(twin.code).not.toBe(0);
    expect(twin.stderr).toContain('A server named "diary" already exists; "DIARY" differs from it only in case.');

    const file = join(home, '..', 'claude.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { Diary: { command: 'node', args: ['m.js'] }, notes: { command: 'node', args: ['n.js'] } } }));
    const imported = await runCli(home, ['import', 'claude-code', '--path', file, '--json'], { env: PASSPHRASE });
    expect(imported.code, imported.stderr).toBe(0);
    const report = JSON.parse(imported.stdout) as { added: { name: string }[]; skipped: { name: string; reason: string }[] };
    expect(report.added.map((a) => a.name)).toEqual(['notes']);
    expect(report.skipped).toContainEqual(expect.objectContaining({ name: 'Diary', reason: '"diary" is configured, which differs only in case' }));
    const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    expect(Object.keys(config.mcpServers)).toEqual(expect.arrayContaining(['diary', 'notes']));
    expect(Object.keys(config.mcpServers)).not.toContain('Diary');
  }, 90_000);

  it('a config that already holds such a pair still loads, and doctor warns of it', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-name-case-doctor-');
    expect((await runCli(home, ['servers', 'add', 'diary', '--', 'node', 'm.js'], { env: PASSPHRASE })).code).toBe(0);
    const path = join(home, 'mcp.json');
    const config = JSON.parse(readFileSync(path, 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers['DIARY'] = config.mcpServers['diary'];
    writeFileSync(path, JSON.stringify(config));

    const listed = await runCli(home, ['servers', 'list', '--json'], { env: PASSPHRASE });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('"DIARY"');
    const { checks } = await doctorJson(home, [], { env: PASSPHRASE, timeoutMs: 60_000 });
    expect(checks.find((c) => c.id === 'name-case:DIARY')).toMatchObject({ status: 'warn', title: 'Servers diary and DIARY differ only in case' });
  }, 90_000);
});
