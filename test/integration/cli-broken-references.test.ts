import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';
import { startServe } from '../support/serve';

const mcpJson = (home: string) => readFileSync(join(home, 'mcp.json'), 'utf8');

// A reference that no secret could ever fill (a typo'd store, a path climbing out of it, a missing
// "}") is refused when the entry is added or edited, naming the field and the fix, instead of being
// written and failing at the server's first start.
describe('servers add and edit refuse a reference that could never resolve', () => {
  it('with no app running: each form and an unknown store, mcp.json untouched; a known store passes', async () => {
    const home = tempHome('cs-broken-refs-');
    expect((await runCli(home, ['servers', 'list'])).code).toBe(0);
    const before = mcpJson(home);
    const cases: Array<[string[], string]> = [
      [['--env', 'TOKEN=${secret:pas:github/token}', '--', 'node', '-e', '0'], 'The reference ${secret:pas:github/token} names the secret store "pas", and no store has that name (in env.TOKEN). Nothing was written.'],
      [['--env', 'TOKEN=${secret:pass:../../etc/passwd}', '--', 'node', '-e', '0'], 'does not name a valid path'],
      [['--env', 'TOKEN=${secret:GITHUB_TOKEN', '--', 'node', '-e', '0'], 'The reference ${secret:GITHUB_TOKEN has no closing "}" (in env.TOKEN)'],
      [['--url', 'https://example.com/mcp/${env:1X}'], 'does not name a valid environment variable: use letters, digits and "_", not starting with a digit (in url)'],
      [['--url', 'https://example.com/mcp', '--header', 'Authorization: Bearer ${secret:vault:}'], '(in headers.Authorization)'],
    ];
    for (const [flags, said] of cases) {
      const added = await runCli(home, ['servers', 'add', 'typo', ...flags]);
      expect(added.code, added.stderr).toBe(2);
      expect(added.stderr).toContain('error [invalid_input]');
      expect(added.stderr).toContain(said);
      // An unterminated reference is a typo, not a secret typed in clear.
      expect(added.stderr).not.toContain('in clear');
    }
    expect(mcpJson(home)).toBe(before);
    const unknownStore = await runCli(home, ['servers', 'add', 'typo', '--env', 'TOKEN=${secret:pas:github/token}', '--', 'node', '-e', '0']);
    expect(unknownStore.stderr).toContain('hint: Use one of keepassxc, pass, secret-service, vault');

    const good = await runCli(home, ['servers', 'add', 'fine', '--env', 'TOKEN=${secret:pass:work/token}', '--', 'node', '-e', '0']);
    expect(good.code, good.stderr).toBe(0);
    const edited = await runCli(home, ['servers', 'edit', 'fine', '--env', 'TOKEN=${secret:vualt:x}']);
    expect(edited.code).toBe(2);
    expect(edited.stderr).toContain('names the secret store "vualt", and no store has that name (in env.TOKEN)');
    expect(mcpJson(home)).toContain('${secret:pass:work/token}');

    // A store the settings add is one a reference may name.
    const config = JSON.parse(mcpJson(home)) as { settings?: Record<string, unknown> };
    config.settings = { ...config.settings, secretStores: { team: { type: 'pass', dir: join(home, 'team-store') } } };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify(config), { mode: 0o600 });
    const team = await runCli(home, ['servers', 'edit', 'fine', '--env', 'TOKEN=${secret:team:github/token}']);
    expect(team.code, team.stderr).toBe(0);

    // An entry written by hand with a broken reference keeps it through an edit of another field.
    const hand = JSON.parse(mcpJson(home)) as { mcpServers: Record<string, Record<string, unknown>> };
    hand.mcpServers['old'] = { command: 'node', args: ['-e', '0'], env: { KEY: '${secret:gone:x}' } };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify(hand), { mode: 0o600 });
    const other = await runCli(home, ['servers', 'edit', 'old', '--description', 'kept as written']);
    expect(other.code, other.stderr).toBe(0);
    expect(mcpJson(home)).toContain('${secret:gone:x}');

    // doctor tells a malformed one written by hand as what it is, not as the store's health.
    const climbing = JSON.parse(mcpJson(home)) as { mcpServers: Record<string, Record<string, unknown>> };
    climbing.mcpServers['climb'] = { command: 'node', args: ['-e', '0'], env: { KEY: '${secret:pass:../../etc/passwd}' } };
    writeFileSync(join(home, 'mcp.json'), JSON.stringify(climbing), { mode: 0o600 });
    const doctor = await runCli(home, ['doctor']);
    expect(doctor.stdout).toMatch(/FAIL {2}Secrets of climb: The reference \$\{secret:pass:\.\.\/\.\.\/etc\/passwd\} does not name a valid path/);
  }, 120_000);

  it('while the app runs: refused at once, before anything waits for your confirmation', async () => {
    const home = tempHome('cs-broken-refs-app-');
    expect((await runCli(home, ['servers', 'list'])).code).toBe(0);
    const served = await startServe(home);
    try {
      const added = await runCli(home, ['servers', 'add', 'typo', '--env', 'TOKEN=${secret:pas:github/token}', '--', 'node', '-e', '0']);
      expect(added.code, added.stderr).toBe(2);
      expect(added.stderr).toContain('names the secret store "pas", and no store has that name');
      expect(added.stderr).not.toContain('awaiting_confirmation');
      const edited = await runCli(home, ['servers', 'edit', 'everything', '--env', 'TOKEN=${secret:vualt:x}']);
      expect(edited.code, edited.stderr).toBe(2);
      expect(edited.stderr).toContain('"vualt"');
      expect(edited.stderr).not.toContain('awaiting_confirmation');
      // The App API itself refuses it too (the edit screen and programs reach only this).
      const viaApi = await served.api('updateServer', { name: 'everything', config: { command: 'node', args: ['x.js'], env: { T: '${secret:nope:x}' } } });
      expect(viaApi.status).toBe(400);
      expect(JSON.stringify(viaApi.body)).toContain('names the secret store \\"nope\\"');
    } finally {
      await served.stop();
    }
  }, 120_000);
});
