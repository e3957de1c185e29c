import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCli, runNode } from '../support/cli';

const NOTE = 'note: created a new data folder at';
const DEMOS = '; like any first run, it starts with the demo servers (servers list shows them)';

// `--home` names a folder the person typed: a typo must not quietly start a new data folder.
describe('CLI: --home naming a folder that does not exist', () => {
  it('is made when the folder above it exists, said once on stderr, owner-only', async () => {
    const home = join(mkdtempSync(join(tmpdir(), 'cs-home-new-')), 'data');
    const first = await runCli(home, ['servers', 'list', '--json']);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe(`${NOTE} ${home} (--home named a folder that did not exist)${DEMOS}\n`);
    // The note's words hold: the new folder has the demo servers.
    expect((JSON.parse(first.stdout) as { name: string }[]).map((server) => server.name)).toEqual(['everything', 'memory']);
    expect(statSync(home).mode & 0o777).toBe(0o700);
    const again = await runCli(home, ['servers', 'list', '--json']);
    expect(again.code).toBe(0);
    expect(again.stderr).not.toContain(NOTE);
  }, 60_000);

  it('is refused, with what to check, when the folder above it is missing too; nothing is made', async () => {
    const base = mkdtempSync(join(tmpdir(), 'cs-home-typo-'));
    const home = join(base, 'connected-servcies', 'data');
    for (const args of [['servers', 'list'], ['serve', '--port', '0', '--bridge-port', '0']]) {
      const refused = await runNode([CLI, '--home', home, ...args], { env: { ...process.env, CONNECTED_SERVICES_PASSPHRASE: 'cs-home-typo-test' } });
      expect(refused.code, args.join(' ')).toBe(2);
      expect(refused.stderr).toContain(`--home ${home}: neither that folder nor the folder above it (${join(base, 'connected-servcies')}) exists`);
      expect(refused.stderr).toContain('hint: Check the path for a typo');
      expect(existsSync(join(base, 'connected-servcies'))).toBe(false);
    }
  }, 60_000);

  it('holds for CONNECTED_SERVICES_HOME too, naming the variable: made under an existing folder, refused under a missing one', async () => {
    const base = mkdtempSync(join(tmpdir(), 'cs-home-env-'));
    const run = (home: string) => {
      const env: Record<string, string | undefined> = { ...process.env, CONNECTED_SERVICES_HOME: home, CONNECTED_SERVICES_PASSPHRASE: 'cs-home-env-test' };
      return runNode([CLI, 'servers', 'list', '--json'], { env });
    };
    const made = join(base, 'data');
    const first = await run(made);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stderr).toBe(`${NOTE} ${made} (CONNECTED_SERVICES_HOME named a folder that did not exist)${DEMOS}\n`);
    expect(statSync(made).mode & 0o777).toBe(0o700);

    const typo = join(base, 'connected-servcies', 'data');
    const refused = await run(typo);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`CONNECTED_SERVICES_HOME ${typo}: neither that folder nor the folder above it (${join(base, 'connected-servcies')}) exists`);
    expect(existsSync(join(base, 'connected-servcies'))).toBe(false);
  }, 60_000);
});

describe('CLI: a relative CONNECTED_SERVICES_HOME', () => {
  it('is the working directory\'s folder, as a relative --home is, vault included', async () => {
    const base = mkdtempSync(join(tmpdir(), 'cs-home-rel-'));
    const env: Record<string, string | undefined> = { ...process.env, CONNECTED_SERVICES_HOME: 'data', CONNECTED_SERVICES_PASSPHRASE: 'cs-home-rel-test' };
    const set = await runNode([CLI, 'secrets', 'set', 'REL_KEY'], { env, cwd: base, input: 'rel-value\n' });
    expect(set.code, set.stderr).toBe(0);
    expect(set.stderr).toContain(`${NOTE} ${join(base, 'data')} (CONNECTED_SERVICES_HOME named a folder that did not exist)`);
    expect(existsSync(join(base, 'data', 'vault.enc'))).toBe(true);
    const listed = await runNode([CLI, '--home', 'data', 'secrets', 'list'], { env: { ...env, CONNECTED_SERVICES_HOME: undefined }, cwd: base });
    expect(listed.code, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('REL_KEY');
  }, 60_000);
});
