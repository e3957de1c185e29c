import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, runCli, runNode, tempHome } from '../support/cli';

// README, Command line: errors go to stderr as `error [code]: message` with a `hint:` line (JSON with
// --json), never a stack trace; a mistyped command is no exception.
describe('a mistyped command line', () => {
  const home = tempHome('cs-usage-');

  it('an unknown command or option: one error line with the suggestion and where help is, exit 2', async () => {
    const command = await runCli(home, ['statsu']);
    expect(command.code).toBe(2);
    expect(command.stderr.split('\n')).toEqual([
      "error [invalid_input]: unknown command 'statsu'",
      '  hint: Did you mean `connected-services status`? `connected-services help` lists the commands, `connected-services help COMMAND` explains one (docs/cli.md)',
      '',
    ]);
    const sub = await runCli(home, ['servers', 'lst']);
    expect(sub.stderr).toMatch(/^error \[invalid_input\]: unknown command 'lst'\n {2}hint: Did you mean `connected-services servers list`\? /);
    // Another word for a command (not the nearest by letters: `agents create` is two edits from rotate).
    for (const [typed, meant] of [[['servers', 'rm', 'x'], 'servers remove'], [['agents', 'create', 'x'], 'agents add'], [['secrets', 'add', 'X'], 'secrets set'], [['start'], 'serve'], [['version'], '--version']] as const) {
      const other = await runCli(home, [...typed]);
      expect(other.code, typed.join(' ')).toBe(2);
      expect(other.stderr).toContain(`hint: Did you mean \`connected-services ${meant}\`?`);
    }
    const option = await runCli(home, ['status', '--jsn']);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/^error \[invalid_input\]: unknown option '--jsn'\n {2}hint: Did you mean --json\? /);
    const missing = await runCli(home, ['call']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error \[invalid_input\]: missing required argument 'server'\n {2}hint: /);
  });

  it("a mistake inside a command points to that command's own help and section of docs/cli.md", async () => {
    const missing = await runCli(home, ['--home', home, 'servers', 'add']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      "error [invalid_input]: missing required argument 'name'\n  hint: Usage: `connected-services servers add [options] <name> [command...]`. `connected-services help servers add` explains it (docs/cli.md#servers-add)\n",
    );
    const option = await runCli(home, ['call', 'everything', 'echo', '--timout', '5']);
    expect(option.stderr).toMatch(/hint: Did you mean --timeout\? `connected-services help call` explains it \(docs\/cli\.md#call\)\n$/);
    const sub = await runCli(home, ['secrets', 'st']);
    expect(sub.stderr).toMatch(/hint: Did you mean `connected-services secrets set`\? `connected-services help secrets` explains its commands \(docs\/cli\.md\)\n$/);
  });

  // Each way a command line can be wrong at the top says what to fix, then where to read more.
  it('every top-level mistake: the likely command, the usage, where an option goes, and help for the rest', async () => {
    const hintOf = async (args: string[]) => {
      const run = await runCli(home, args);
      expect({ args, code: run.code, stdout: run.stdout }).toEqual({ args, code: 2, stdout: '' });
      const [error = '', hint = ''] = run.stderr.split('\n');
      return { error, hint: hint.replace(/^ {2}hint: /, '') };
    };
    const more = '`connected-services help` lists the commands, `connected-services help COMMAND` explains one (docs/cli.md)';
    expect(await hintOf(['srvers', 'list'])).toEqual({ error: "error [invalid_input]: unknown command 'srvers'", hint: `Did you mean \`connected-services servers\`? ${more}` });
    expect(await hintOf(['qqqqqq'])).toEqual({ error: "error [invalid_input]: unknown command 'qqqqqq'", hint: more });
    expect(await hintOf(['--bogus'])).toEqual({
      error: "error [invalid_input]: unknown option '--bogus'",
      hint: `Before a command only --version, --home and --help are read; a command's own options go after it. ${more}`,
    });
    expect((await hintOf(['--refresh', 'tools'])).hint).toBe(`--refresh is an option of a command: give it after the command, e.g. \`connected-services tools --refresh\`. ${more}`);
    expect((await hintOf(['--hom', home, 'status'])).hint).toBe(`Did you mean --home? ${more}`);
    expect(await hintOf(['--home'])).toEqual({ error: "error [invalid_input]: option '--home <dir>' argument missing", hint: `Give its value right after it: \`--home <dir>\`. ${more}` });
    expect((await hintOf(['status', 'extra'])).hint).toBe('Usage: `connected-services status [options]`. `connected-services help status` explains it (docs/cli.md#status)');
    expect((await hintOf(['call', 'everything'])).hint).toBe('Usage: `connected-services call [options] <server> <tool> [json]`. `connected-services help call` explains it (docs/cli.md#call)');
    // help names a topic the way a command line does: a typo is refused with what it meant, a nested one shown.
    expect(await hintOf(['help', 'srvers'])).toEqual({ error: "error [invalid_input]: unknown command 'srvers'", hint: `Did you mean \`connected-services help servers\`? ${more}` });
    expect((await hintOf(['servers', 'help', 'ad'])).hint).toBe('Did you mean `connected-services help servers add`? `connected-services help servers` explains its commands (docs/cli.md)');
    // With --help after it a typo printed the whole help, exit 0, as if the command were known.
    expect(await hintOf(['srvers', '--help'])).toEqual({ error: "error [invalid_input]: unknown command 'srvers'", hint: `Did you mean \`connected-services servers\`? ${more}` });
    expect((await hintOf(['--home', home, 'servers', 'lst', '-h'])).hint).toMatch(/^Did you mean `connected-services servers list`\? /);
    const known = await runCli(home, ['--home', home, 'servers', '--help']);
    expect(known.code).toBe(0);
    expect(known.stdout).toMatch(/^Usage: connected-services servers /);
    const nested = await runCli(home, ['help', 'servers', 'add']);
    expect(nested.code).toBe(0);
    expect(nested.stdout).toMatch(/^Usage: connected-services servers add \[options\] <name> \[command\.\.\.\]/);
    // `help help` asks what help is: the help that lists the commands, not "unknown command 'help'".
    const helpHelp = await runCli(home, ['help', 'help']);
    expect(helpHelp.code, helpHelp.stderr).toBe(0);
    expect(helpHelp.stdout).toMatch(/^Usage: connected-services /);
    expect(helpHelp.stdout).toContain('Commands:');
    const groupHelp = await runCli(home, ['servers', 'help', 'help']);
    expect(groupHelp.code, groupHelp.stderr).toBe(0);
    expect(groupHelp.stdout).toMatch(/^Usage: connected-services servers /);
  });

  // A group that runs something without a subcommand (`secrets stores` lists, `bridge` has its own
  // action) must not read a mistyped subcommand as an argument of that ("too many arguments for 'list'").
  it('a mistyped subcommand of a group with a default gets the suggestion other typos get', async () => {
    const typo = await runCli(home, ['secrets', 'stores', 'lst']);
    expect(typo.code).toBe(2);
    expect(typo.stderr.split('\n')).toEqual([
      "error [invalid_input]: unknown command 'lst'",
      '  hint: Did you mean `connected-services secrets stores list`? `connected-services help secrets stores` explains its commands (docs/cli.md)',
      '',
    ]);
    const bridge = await runCli(home, ['bridge', 'stauts']);
    expect(bridge.code).toBe(2);
    expect(bridge.stderr).toMatch(/^error \[invalid_input\]: unknown command 'stauts'\n {2}hint: Did you mean `connected-services bridge status`\? `connected-services help bridge` explains its commands/);
    // `bridge` alone (or with --agent or --url but no --stdio): what a client's config runs, and where the HTTP bridge is.
    for (const args of [['bridge'], ['bridge', '--agent', 'claude']]) {
      const bare = await runCli(home, args);
      expect(bare.code, args.join(' ')).toBe(2);
      expect(bare.stderr).toMatch(/^error \[invalid_input\]: `bridge` needs --stdio, or one of its commands: headers, status, pause, resume\n {2}hint: A client's config runs `connected-services bridge --stdio` [^\n]*`connected-services serve`/);
    }
    const none = await runCli(home, ['secrets', 'stores', 'qqqqqq']);
    expect(none.stderr).toBe("error [invalid_input]: unknown command 'qqqqqq'\n  hint: `connected-services help secrets stores` explains its commands (docs/cli.md)\n");
    // The default itself still runs, and a stray word after a named subcommand is still its usage.
    const list = await runCli(home, ['secrets', 'stores']);
    expect(list.stdout).toMatch(/^NAME\s+TYPE\s+HEALTH/);
    expect((await runCli(home, ['secrets', 'stores', 'list', 'extra'])).stderr).toMatch(/too many arguments for 'list'[^]*Usage: `connected-services secrets stores list \[options\]`/);
  });

  it('an empty --home (an unset shell variable) is refused, never taken as the default data folder', async () => {
    const osHome = dirname(tempHome('cs-usage-os-'));
    const env = { ...process.env, HOME: osHome, CONNECTED_SERVICES_HOME: undefined, XDG_CONFIG_HOME: undefined };
    for (const args of [['--home', '', 'servers', 'list'], ['servers', 'list', '--home', ' '], ['--home', '', 'serve']]) {
      const result = await runNode([CLI, ...args], { env, what: args.join(' ') });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^error \[invalid_input\]: --home was given an empty folder\n {2}hint: /);
    }
    expect(existsSync(join(osHome, '.config'))).toBe(false);
  });

  it('with --json the error is JSON too', async () => {
    const typo = await runCli(home, ['statsu', '--json']);
    expect(typo.code).toBe(2);
    expect(JSON.parse(typo.stderr)).toEqual({ error: { code: 'invalid_input', message: "unknown command 'statsu'", hint: expect.stringContaining('Did you mean `connected-services status`?') as unknown } });
  });

  it('an agent given a server that is not configured is told so (a typo, or one still to add), and made', async () => {
    const add = await runCli(home, ['agents', 'add', 'helper', '--servers', 'everything,evrything']);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stderr).toBe(
      'note: no server named "evrything" is configured (yet); helper reaches it once one is added under that name. Configured: everything, memory. Did you mean everything? `connected-services agents set "helper" --servers …` changes the list.\n',
    );
    const list = await runCli(home, ['agents', 'list']);
    expect(list.stdout).toMatch(/helper\s+everything,evrything/);
    // Kept, so said again wherever the agent is looked at: a typo is not left silent after add.
    expect(list.stderr).toBe('note: helper may use "evrything", but no server of that name is configured (yet). Did you mean everything? `connected-services agents set "helper" --servers …` changes the list.\n');
    const doctor = await runCli(home, ['doctor']);
    expect(doctor.stdout).toContain('warn  Agent helper: it may use "evrything", but no server of that name is configured (it reaches one once added under that name)\n        fix: Did you mean everything? Then change the agent\'s list: `connected-services agents set "helper" --servers …`\n');
    // A name like none configured is not taken for a typo of one.
    const far = await runCli(home, ['agents', 'set', 'helper', '--servers', 'everything,github']);
    expect(far.stderr).toBe('note: no server named "github" is configured (yet); helper reaches it once one is added under that name. Configured: everything, memory.\n');
    const set = await runCli(home, ['agents', 'set', 'helper', '--servers', 'everything']);
    expect(set.code).toBe(0);
    expect(set.stderr).toBe('');
    // No servers given: made, and told it reaches nothing yet (the app's form offers all by default).
    const lonely = await runCli(home, ['agents', 'add', 'lonely']);
    expect(lonely.code).toBe(0);
    expect(lonely.stderr).toBe('lonely may use no server yet: give it some with `connected-services agents set "lonely" --servers NAME,…` (or * for all).\n');
    // A name with a space: the command shown still works when pasted.
    const spaced = await runCli(home, ['agents', 'add', 'my helper']);
    expect(spaced.code).toBe(0);
    expect(spaced.stderr).toContain('`connected-services agents set "my helper" --servers NAME,…`');
  }, 30_000);

  it('a group without its command shows its help and no error line', async () => {
    const group = await runCli(home, ['servers']);
    expect(group.stderr).toContain('Usage: connected-services servers');
    expect(group.stderr).not.toContain('error [');
  });

  it('the command list names every subcommand of a group, so `--help` shows a new user all there is', async () => {
    const top = (await runCli(home, ['--help'])).stdout;
    for (const group of ['servers', 'agents', 'secrets', 'approvals', 'bridge']) {
      const help = (await runCli(home, [group, '--help'])).stdout;
      const subs = [...help.slice(help.indexOf('Commands:')).matchAll(/^ {2}([a-z-]+)/gm)].map((m) => m[1] ?? '').filter((name) => name !== 'help');
      expect(subs.length, group).toBeGreaterThan(1);
      // The group's own entry in the top-level list, up to the next command.
      const entry = new RegExp(`^ {2}${group} [^]*?(?=^ {2}[a-z])`, 'm').exec(top)?.[0] ?? '';
      expect(subs.filter((sub) => !new RegExp(`\\b${sub}\\b`).test(entry)), `${group}: ${entry}`).toEqual([]);
    }
  }, 30_000);

  it('a server name with a space or too long is refused in the words of the command line, with a name that works', async () => {
    const spaced = await runCli(home, ['servers', 'add', 'my notes', '--url', 'https://notes.example.com/mcp']);
    expect(spaced.code).toBe(2);
    expect(spaced.stderr.split('\n')).toEqual([
      'error [invalid_input]: "my notes" cannot be a server\'s name: use 1-48 letters, digits, "_" or "-", starting with a letter or digit',
      '  hint: For example: my-notes',
      '',
    ]);
    const long = await runCli(home, ['servers', 'add', 'b'.repeat(100_000), '--', 'node', 'x.js']);
    expect(long.code).toBe(2);
    expect(long.stderr.length).toBeLessThan(400);
    expect(long.stderr).not.toContain('addServer');
  });
});
