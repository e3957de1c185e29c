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
    // Filesystem's folder typed wrong: said, not refused (the server may make it).
    const folder = await runCli(home, ['servers', 'add', 'notes', '--', 'npx', '-y', '@modelcontextprotocol/server-filesystem', '/no/such/notes']);
    expect(folder.code).toBe(0);
    expect(folder.stderr).toBe('note: /no/such/notes, among its arguments, does not exist (yet): if the server should find it there, check the path (`connected-services doctor` checks it)\n');
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

  it('a number out of range says what to type, and an empty argument or value is refused, not taken as none', async () => {
    const lines = await runCli(home, ['logs', 'files', '-n', '0']);
    expect(lines.stderr).toBe('error [invalid_input]: --lines takes a whole number from 1 to 5000, not "0"\n  hint: For example: -n 50 for the last 50 lines\n');
    const port = await runCli(home, ['serve', '--bridge-port', '99999']);
    expect(port.stderr).toBe('error [invalid_input]: A port is a whole number from 0 to 65535, not "99999"\n  hint: For example: --bridge-port 8080, or --bridge-port 0 for a free one\n');
    const policy = await runCli(home, ['agents', 'add', 'empty-policy', '--policy', '']);
    expect(policy.code).toBe(2);
    expect(policy.stderr).toMatch(/^error \[invalid_input\]: --policy takes TIER=DECISION pairs like read=allow,write=ask,destructive=deny, not ""\n {2}hint: For example: --policy read=allow/);
    expect((await runCli(home, ['agents', 'list'])).stdout).not.toContain('empty-policy');
    const removed = await runCli(home, ['servers', 'remove', '']);
    expect(removed.code).toBe(2);
    expect(removed.stderr).toBe(
      "error [invalid_input]: missing required argument 'name' (it was given empty)\n  hint: Usage: `connected-services servers remove [options] <name>`. `connected-services help servers remove` explains it (docs/cli.md#servers-remove)\n",
    );
    const empties = [['import', 'cursor', '--path', ''], ['connect', 'files', '--open-with', ' '], ['serve', '--open-with', ' '], ['servers', 'edit', 'typo', '--unset-env', ''], ['secrets', 'set', 'KEY', '--from-file', ''], ['bridge', '--stdio', '--url', '']];
    for (const args of empties) {
      const run = await runCli(home, args);
      expect({ args, code: run.code }).toEqual({ args, code: 2 });
      expect(run.stderr).toMatch(/^error \[invalid_input\]: --[a-z-]+ was given an empty value: give one, or leave --[a-z-]+ out\n {2}hint: For example: /);
    }
    const entry = await runCli(home, ['servers', 'add', 'reg', '--from-registry', 'io.github.owner/name', '--package', '0']);
    expect(entry.stderr).toBe('error [invalid_input]: --package takes a whole number from 1 (the entry\'s first), not "0"\n  hint: For example: --package 2 for the entry\'s second\n');
  }, 60_000);
});
