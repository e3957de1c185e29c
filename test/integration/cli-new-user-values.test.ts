import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// A new user's walk with empty, huge and missing values: each answer names the option they typed and
// what to give, in a line or two, with no schema's words ("Too small: expected string…").
describe('empty, huge and missing values a new user gives', () => {
  const home = tempHome('cs-new-user-values-');

  it('an empty --cwd and a huge --description name the option, not the schema', async () => {
    const empty = await runCli(home, ['servers', 'add', 'files', '--cwd', '', '--', 'node', 'x.js']);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toBe(
      'error [invalid_input]: --cwd was given an empty value: give one, or leave --cwd out\n  hint: `connected-services help servers add` explains its options (docs/cli.md#servers-add)\n',
    );
    const huge = await runCli(home, ['servers', 'add', 'files', '--description', 'd'.repeat(20_000), '--', 'node', 'x.js']);
    expect(huge.code).toBe(2);
    expect(huge.stderr).toMatch(/^error \[invalid_input\]: --description takes at most 500 characters\n {2}hint: /);
    expect(huge.stderr.split('\n').filter(Boolean)).toHaveLength(2);
  });

  it('a program or a folder that does not exist is added with a note saying so', async () => {
    const added = await runCli(home, ['servers', 'add', 'typo', '--cwd', '/does/not/exist', '--', '/no/such/program', '--flag']);
    expect(added.code).toBe(0);
    expect(added.stderr).toBe(
      'note: /does/not/exist does not exist (yet): the server cannot start until it does (`connected-services doctor` checks it)\n' +
        'note: /no/such/program does not exist (yet): the server cannot start until it does (`connected-services doctor` checks it)\n',
    );
    // A bare program name is looked up on PATH when it starts: nothing to say; nor for an edit to paths that are there.
    expect((await runCli(home, ['servers', 'add', 'bare', '--', 'no-such-program-on-path'])).stderr).toBe('');
    const edited = await runCli(home, ['servers', 'edit', 'typo', '--cwd', home, '--command', process.execPath]);
    expect(edited.code).toBe(0);
    expect(edited.stderr).toBe('');
  });

  it('a --home that is a file says to choose another folder with --home, the option given', async () => {
    const file = join(home, '..', 'a-file');
    writeFileSync(file, 'x');
    const result = await runCli(file, ['status']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error [invalid_config]: The data folder ${file} (or a folder above it) is a file, not a folder.\n  hint: Move that file away, or choose another folder (--home, or CONNECTED_SERVICES_HOME).\n`);
  });

  it('a --servers name that cannot be a server is refused in the option\'s words, before any note, shown cut short', async () => {
    const result = await runCli(home, ['agents', 'add', 'huge', '--servers', `everything,${'s'.repeat(100_000)}`]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(`error [invalid_input]: "${'s'.repeat(60)}…" cannot be a server's name: use 1-48 letters, digits, "_" or "-", starting with a letter or digit\n  hint: For example: ${'s'.repeat(48)}\n`);
  });
});
