import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { doctorJson } from '../support/doctor-json';
import { passphraseHome } from '../support/passphrase-home';
import { eventually, startServe } from '../support/serve';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'name-separator' };

// `__` separates a server's name from its tools' names: `a__x__y` would also be server `a`'s `x__y`.
describe('server names holding __, through the built CLI', () => {
  it('servers add refuses one saying what to write instead, and import renames one that way', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-name-sep-');
    const refused = await runCli(home, ['servers', 'add', 'github__work', '--', 'node', 'm.js'], { env: PASSPHRASE });
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('"github__work" cannot be a new server\'s name: it holds "__"');
    expect(refused.stderr).toContain('for example "github-work"');
    const trailing = await runCli(home, ['servers', 'add', 'team_', '--', 'node', 'm.js'], { env: PASSPHRASE });
    expect(trailing.code).not.toBe(0);
    expect(trailing.stderr).toContain('for example "team"');
    expect((await runCli(home, ['servers', 'add', 'github-work', '--', 'node', 'm.js'], { env: PASSPHRASE })).code).toBe(0);
    // The suggestion is a name no configured server has.
    const taken = await runCli(home, ['servers', 'add', 'github_', '--', 'node', 'm.js'], { env: PASSPHRASE });
    expect(taken.stderr).toContain('for example "github"');
    expect((await runCli(home, ['servers', 'add', 'github', '--', 'node', 'm.js'], { env: PASSPHRASE })).code).toBe(0);
    const again = await runCli(home, ['servers', 'add', 'github_', '--', 'node', 'm.js'], { env: PASSPHRASE });
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('for example "github-2"');
    expect((await runCli(home, ['servers', 'add', 'github__work', '--', 'node', 'm.js'], { env: PASSPHRASE })).stderr).toContain('for example "github-work-2"');

    const file = join(home, '..', 'claude.json');
    writeFileSync(file, JSON.stringify({ mcpServers: { notes__team: { command: 'node', args: ['n.js'] } } }));
    const imported = await runCli(home, ['import', 'claude-code', '--path', file, '--json'], { env: PASSPHRASE });
    expect(imported.code, imported.stderr).toBe(0);
    const report = JSON.parse(imported.stdout) as { added: { name: string }[] };
    expect(report.added.map((a) => a.name)).toEqual(['notes-team']);
    const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    const names = Object.keys(config.mcpServers);
    expect(names).toEqual(expect.arrayContaining(['github-work', 'notes-team']));
    expect(names.filter((name) => name.includes('__') || name.endsWith('_'))).toEqual([]);
  }, 90_000);

  it('a config that already holds one still loads, doctor warns of it, and its outer name cannot be added', async () => {
    const home = await passphraseHome(PASSPHRASE, 'cs-name-sep-doctor-');
    expect((await runCli(home, ['servers', 'add', 'diary', '--', 'node', 'm.js'], { env: PASSPHRASE })).code).toBe(0);
    const path = join(home, 'mcp.json');
    const config = JSON.parse(readFileSync(path, 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers['notes__work'] = config.mcpServers['diary'];
    config.mcpServers['notes-work'] = config.mcpServers['diary'];
    writeFileSync(path, JSON.stringify(config));

    const listed = await runCli(home, ['servers', 'list', '--json'], { env: PASSPHRASE });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('"notes__work"');
    // `notes` would take the names of notes__work's tools (`notes__work__…`).
    const outer = await runCli(home, ['servers', 'add', 'notes', '--', 'node', 'm.js'], { env: PASSPHRASE });
    expect(outer.code).not.toBe(0);
    expect(outer.stderr).toContain('the bridge names of "notes__work" ("notes__work__…") would read as its tools\' names');
    // Neither suggestion is a name already taken: "notes-work" is.
    expect(outer.stderr).toContain('rename "notes__work" to one without "__" first (for example "notes-work-2")');
    const { checks } = await doctorJson(home, [], { env: PASSPHRASE, timeoutMs: 60_000 });
    expect(checks.find((c) => c.id === 'name-separator:notes__work')).toMatchObject({ status: 'warn', title: 'Server notes__work\'s name holds "__" or ends in "_"' });
    const served = await startServe(home, [], PASSPHRASE);
    try {
      await eventually(() => Promise.resolve(served.stderr().includes('warning: server "notes__work"') ? true : undefined), 30_000);
      expect(served.stderr()).toContain('warning: server "notes__work"\'s name holds "__" or ends in "_", so its bridge names can read as another server\'s; connected-services doctor says how to rename it');
      expect(served.stderr()).not.toContain('warning: server "diary"');
    } finally {
      await served.stop();
    }
  }, 120_000);
});
