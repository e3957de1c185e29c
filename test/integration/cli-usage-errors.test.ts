import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// README, Command line: errors go to stderr as `error [code]: message` with a `hint:` line (JSON with
// --json), never a stack trace; a mistyped command is no exception.
describe('a mistyped command line', () => {
  const home = tempHome('cs-usage-');

  it('an unknown command or option: one error line with the suggestion and where help is, exit 2', async () => {
    const command = await runCli(home, ['statsu']);
    expect(command.code).toBe(2);
    expect(command.stderr.split('\n')).toEqual([
      "error [invalid_input]: unknown command 'statsu'",
      '  hint: Did you mean status? `connected-services --help` lists the commands, `connected-services COMMAND --help` their options',
      '',
    ]);
    const sub = await runCli(home, ['servers', 'lst']);
    expect(sub.stderr).toMatch(/^error \[invalid_input\]: unknown command 'lst'\n {2}hint: Did you mean list\? /);
    const option = await runCli(home, ['status', '--jsn']);
    expect(option.code).toBe(2);
    expect(option.stderr).toMatch(/^error \[invalid_input\]: unknown option '--jsn'\n {2}hint: Did you mean --json\? /);
    const missing = await runCli(home, ['call']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^error \[invalid_input\]: missing required argument 'server'\n {2}hint: /);
  });

  it('with --json the error is JSON too', async () => {
    const typo = await runCli(home, ['statsu', '--json']);
    expect(typo.code).toBe(2);
    expect(JSON.parse(typo.stderr)).toEqual({ error: { code: 'invalid_input', message: "unknown command 'statsu'", hint: expect.stringContaining('Did you mean status?') as unknown } });
  });

  it('an agent given a server that is not configured is refused with the names that are', async () => {
    const add = await runCli(home, ['agents', 'add', 'helper', '--servers', 'everything,evrything']);
    expect(add.code).toBe(2);
    expect(add.stderr).toMatch(/^error \[invalid_input\]: No server named "evrything" is configured\n {2}hint: Configured: everything, memory \(or \* for all/);
    expect((await runCli(home, ['agents', 'list'])).stdout).not.toContain('helper');
    expect((await runCli(home, ['agents', 'add', 'helper', '--servers', 'everything'])).code).toBe(0);
    const set = await runCli(home, ['agents', 'set', 'helper', '--servers', 'nosuch']);
    expect(set.code).toBe(2);
    expect(set.stderr).toContain('No server named "nosuch" is configured');
    // A server it already had stays allowed when the config no longer has it (its other settings can change).
    expect((await runCli(home, ['servers', 'remove', 'everything'])).code).toBe(0);
    expect((await runCli(home, ['agents', 'set', 'helper', '--servers', 'everything,memory'])).code).toBe(0);
    // No servers given: made, and told it reaches nothing yet (the app's form offers all by default).
    const lonely = await runCli(home, ['agents', 'add', 'lonely']);
    expect(lonely.code).toBe(0);
    expect(lonely.stderr).toBe('lonely may use no server yet: give it some with `connected-services agents set lonely --servers NAME,…` (or * for all).\n');
  }, 30_000);

  it('a group without its command shows its help and no error line', async () => {
    const group = await runCli(home, ['servers']);
    expect(group.stderr).toContain('Usage: connected-services servers');
    expect(group.stderr).not.toContain('error [');
  });
});
