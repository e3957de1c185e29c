import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

vi.setConfig({ testTimeout: 90_000 });

const env = { CONNECTED_SERVICES_PASSPHRASE: 'a long test passphrase' };

/** Every file under the data folder, as text (the audit logs among them). */
function everyFileText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'))
    .join('\n');
}

describe('a secret holding a NUL byte, given to a stdio server', () => {
  it('is refused by the name of the variable, and the value is in no output, log or audit file', async () => {
    const home = await passphraseHome(env, 'cs-nul-secret-');
    const set = await runCli(home, ['secrets', 'set', 'NULKEY'], { env, input: 'TOPSECRET-VALUE-9f8e7d\0tail' });
    expect(set.code, set.stderr).toBe(0);
    const add = await runCli(home, ['servers', 'add', 'srv', '--env', 'API_TOKEN=${secret:NULKEY}', '--', process.execPath, '-e', ''], { env });
    expect(add.code, add.stderr).toBe(0);
    expect((await runCli(home, ['servers', 'approve', 'srv', '--yes'], { env })).code).toBe(0);

    const tools = await runCli(home, ['tools', 'srv'], { env });
    expect(tools.code).not.toBe(0);
    expect(tools.stderr).toContain('env.API_TOKEN cannot be passed to the program: the secret in it holds a NUL byte');
    const restart = await runCli(home, ['servers', 'restart', 'srv'], { env });
    const seen = [tools.stdout, tools.stderr, restart.stdout, restart.stderr, everyFileText(home)].join('\n');
    expect(seen).not.toContain('TOPSECRET');
  });
});
