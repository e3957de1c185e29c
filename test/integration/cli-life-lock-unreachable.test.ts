import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';
import { startServe } from '../support/serve';

const env = { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' };

/** Every file of the data folder with a digest of its bytes: what a command may have written. */
function snapshot(home: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else out[path.slice(home.length + 1)] = createHash('sha256').update(readFileSync(path)).digest('hex');
    }
  };
  walk(home);
  return out;
}

// app.lock says an app runs even when runtime.json, which says where, was deleted: a command that
// found no app opened a core of its own beside it, two writers on one data folder.
describe('commands while the app holds the folder but runtime.json is gone', () => {
  it('servers add, secrets set and bridge --stdio are refused naming the pid, and nothing is written', async () => {
    const home = await passphraseHome(env, 'cs-unreachable-');
    const served = await startServe(home, [], env);
    try {
      rmSync(join(home, 'runtime.json'));
      const before = snapshot(home);
      const added = await runCli(home, ['servers', 'add', 'prog', '--', 'node', '-e', '0'], { env });
      const set = await runCli(home, ['secrets', 'set', 'KEY'], { env, input: 'a-secret-value-1234\n' });
      const bridged = await runCli(home, ['bridge', '--stdio'], { env: { CONNECTED_SERVICES_TOKEN: 'cs_test_token' }, input: '{}\n' });
      for (const refused of [added, set, bridged]) {
        expect(refused.code, refused.stderr).toBe(4);
        expect(refused.stderr).toContain(`The app for this data folder is already running (pid ${served.pid}`);
        expect(refused.stderr).toContain(`Stop it (kill ${served.pid}) and start it again, which writes runtime.json anew, then run this command again`);
        expect(refused.stdout).toBe('');
      }
      const after = snapshot(home);
      // serve's warm-up may still cache and pin its servers' tools, record the programs it runs
      // (runs/) and note the agents file as it holds it (agents-seen.json), each written through a
      // temporary file, meanwhile; the configuration, the vault and the record of changes are the
      // command line's to touch, and it touched none.
      const servesOwn = /^(cache|pins|audit|runs)\/|^agents-seen\.json|\.tmp-\d+-[0-9a-f]+$/;
      const kept = (files: Record<string, string>): Record<string, string> => Object.fromEntries(Object.entries(files).filter(([name]) => !servesOwn.test(name)));
      expect(kept(after)).toEqual(kept(before));
      const audit = existsSync(join(home, 'audit', 'admin.jsonl')) ? readFileSync(join(home, 'audit', 'admin.jsonl'), 'utf8').trim().split('\n') : [];
      expect(audit.map((line) => (JSON.parse(line) as { who: string }).who).filter((who) => who !== 'core')).toEqual([]);
      expect(existsSync(join(home, 'runtime.json'))).toBe(false);
      expect(JSON.stringify((await served.api('listServers')).body)).not.toContain('prog');
    } finally {
      await served.stop();
    }
  }, 120_000);
});
