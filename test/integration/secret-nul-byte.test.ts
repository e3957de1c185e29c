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

// A NUL byte cannot reach a server (an env variable, an argument and a header all end at it): the
// value is refused when stored, not when the server first starts. One a secret store gives is refused
// at start by the variable's name (resolve-server.test.ts).
describe('secrets set: a value holding a NUL byte', () => {
  it('is refused, saying why; nothing is stored and the value is in no output, log or audit file', async () => {
    const home = await passphraseHome(env, 'cs-nul-secret-');
    const set = await runCli(home, ['secrets', 'set', 'NULKEY'], { env, input: 'TOPSECRET-VALUE-9f8e7d\0tail' });
    expect(set.code).not.toBe(0);
    expect(set.stdout).not.toContain('Stored');
    expect(set.stderr).toContain('holds a NUL byte, which cannot be passed to a server in an environment variable, an argument or a header; nothing was stored');
    const listed = await runCli(home, ['secrets', 'list'], { env });
    expect(listed.stdout).not.toContain('NULKEY');
    const seen = [set.stdout, set.stderr, listed.stdout, everyFileText(home)].join('\n');
    expect(seen).not.toContain('TOPSECRET');

    const lines = await runCli(home, ['secrets', 'set', 'LINES1'], { env, input: 'line one\nline two' });
    expect(lines.code, lines.stderr).toBe(0);
  });
});
