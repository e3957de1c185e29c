import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'edit-secret-words-walk' };
const TOKEN = `ghp_${'a1B2c3D4e5'.repeat(3)}abcdef`;

// A secret in clear refused by `servers edit` leaves the entry as it was: the words say not changed, not "not added".
describe('servers edit refusing a secret in clear', () => {
  const home = tempHome('cs-edit-secret-words-');

  it('says the entry was not changed, after -- , as a whole line, in --env or as a NAME=value first word', async () => {
    expect((await runCli(home, ['servers', 'add', 'e', '--', 'npx', '-y', 'pkg'], { env: PASSPHRASE })).code).toBe(0);
    for (const args of [['--', 'node', 'x', '--token', TOKEN], ['--', `node x --token ${TOKEN}`], ['--env', `GITHUB_TOKEN=${TOKEN}`], ['--', 'MY_PASSWORD=hunter2secret', 'npx', 'x'], ['--command', 'MY_PASSWORD=hunter2secret']]) {
      const result = await runCli(home, ['servers', 'edit', 'e', ...args], { env: PASSPHRASE });
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toContain('so it was not changed');
      expect(result.stderr).not.toContain('not added');
      expect(result.stderr).not.toContain(TOKEN);
    }
  }, 60_000);

  it('servers add still says it was not added', async () => {
    const result = await runCli(home, ['servers', 'add', 'f', '--', 'node', 'x', '--token', TOKEN], { env: PASSPHRASE });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('so it was not added');
  }, 60_000);
});
