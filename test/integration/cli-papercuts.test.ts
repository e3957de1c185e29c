import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLI, runCli, runNode } from '../support/cli';
import { passphraseHome } from '../support/passphrase-home';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'x' };

// A new user's and a hostile agent's tries: each error says what is wrong, once, in the person's terms.
describe('the command line says what is wrong, once', () => {
  let home = '';
  beforeAll(async () => {
    home = await passphraseHome(PASSPHRASE, 'cs-papercuts-');
  });

  it('secrets set: a value past the vault bound is said in KiB, not as a schema message', async () => {
    const result = await runCli(home, ['secrets', 'set', 'BIG'], { env: PASSPHRASE, input: ' '.repeat(70_000) });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error \[invalid_input\]: The value is longer than 64 KiB \(70000 characters\), more than one secret may hold; nothing was stored\n {2}hint: /);
    expect(result.stderr).not.toContain('Too big');
  });

  it('import claude-desktop --path: an empty file is said to be, and a huge one is refused by its size', async () => {
    const dir = dirname(home);
    const blank = join(dir, 'blank.json');
    writeFileSync(blank, '  \n\t \n');
    const empty = await runCli(home, ['import', 'claude-desktop', '--path', blank], { env: PASSPHRASE });
    expect(empty.code).not.toBe(0);
    expect(empty.stdout).not.toContain('0 added');
    expect(empty.stderr).toContain(`${blank}: it is empty`);

    const huge = join(dir, 'huge.json');
    writeFileSync(huge, `{"mcpServers": {}, "pad": "${'x'.repeat(2 * 1024 * 1024)}"}`);
    const big = await runCli(home, ['import', 'claude-desktop', '--path', huge], { env: PASSPHRASE });
    expect(big.code).toBe(2);
    expect(big.stderr).toMatch(new RegExp(`^error \\[invalid_input\\]: ${huge.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is larger than 1 MiB`));
  });

  it('import --path naming a pipe refuses it instead of waiting for a writer for ever', async () => {
    const fifo = join(dirname(home), 'config.fifo');
    execFileSync('mkfifo', [fifo]);
    const result = await runCli(home, ['import', 'cursor', '--path', fifo], { env: PASSPHRASE });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${fifo} is not a regular file`);
  });

  it('agents connect --dry-run with a home folder that does not exist says so', async () => {
    expect((await runCli(home, ['agents', 'add', 'My Bot', '--servers', '*'], { env: PASSPHRASE })).code).toBe(0);
    const noHome = join(dirname(home), 'nohome');
    const result = await runNode([CLI, '--home', home, 'agents', 'connect', 'My Bot', '--client', 'cursor', '--dry-run'], {
      env: { ...process.env, ...PASSPHRASE, HOME: noHome },
    });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain(`Your home folder ${noHome} does not exist`);
    expect(result.stderr).not.toContain('outside your home folder');
  });

  it('servers add --timeout 1e99: one line with the range', async () => {
    const result = await runCli(home, ['servers', 'add', 'x', '--timeout', '1e99', '--', 'echo'], { env: PASSPHRASE });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'error [invalid_input]: --timeout takes a whole number of milliseconds from 100 to 3600000 (an hour), not "1e99"\n  hint: For example: --timeout 120000 for two minutes\n',
    );
  });

  it('agents set on an unknown agent: that error alone, no note about its servers', async () => {
    const result = await runCli(home, ['agents', 'set', 'nosuch', '--servers', 'x'], { env: PASSPHRASE });
    expect(result.code).toBe(3);
    expect(result.stderr).toBe('error [not_found]: No agent named "nosuch"\n  hint: See `connected-services agents list`\n');
    // A name taken: the same for agents add.
    expect((await runCli(home, ['agents', 'add', 'Helper Bot', '--servers', '*'], { env: PASSPHRASE })).code).toBe(0);
    const taken = await runCli(home, ['agents', 'add', 'Helper Bot', '--servers', 'x'], { env: PASSPHRASE });
    expect(taken.code).toBe(2);
    expect(taken.stderr).not.toContain('note:');
    // An agent that exists still hears of a server not configured.
    const known = await runCli(home, ['agents', 'set', 'Helper Bot', '--servers', 'x'], { env: PASSPHRASE });
    expect(known.code).toBe(0);
    expect(known.stderr).toMatch(/^note: no server named "x" is configured \(yet\)/);
  });
});

