import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// A new user's typo in a server's or a tool's name is answered with the name they most likely meant,
// as a mistyped command is (cli-usage-errors.test.ts); a name nothing is close to gets no guess.
describe('a mistyped server or tool name', () => {
  const home = tempHome('cs-name-typos-');

  it('a server name one letter off: not found (exit 3), and the hint names the configured server', async () => {
    for (const args of [['tools', 'evrything'], ['call', 'evrything', 'echo', '{}'], ['servers', 'remove', 'evrything'], ['servers', 'disable', 'memroy'], ['connect', 'evrything'], ['disconnect', 'memroy']]) {
      const result = await runCli(home, args);
      expect(result.code, args.join(' ')).toBe(3);
      expect(result.stderr, args.join(' ')).toMatch(/^error \[not_found\]: No server named "(evrything|memroy)" is configured\n {2}hint: Did you mean (everything|memory)\? See `connected-services servers list`/);
    }
    // Nothing was removed or disabled on the way.
    expect((await runCli(home, ['servers', 'list'])).stdout).toMatch(/everything\s+stdio\s+idle[^]*memory\s+stdio\s+idle/);
  }, 60_000);

  it('a name no server can have (a space in it) is not configured, as any other: never the App API\'s refusal of its input', async () => {
    for (const args of [['servers', 'edit', 'every thing', '--description', 'x'], ['servers', 'remove', 'every thing'], ['tools', 'every thing'], ['servers', 'disable', 'every thing']]) {
      const result = await runCli(home, args);
      expect(result.code, args.join(' ')).toBe(3);
      expect(result.stderr, args.join(' ')).toMatch(/^error \[not_found\]: No server named "every thing" is configured\n {2}hint: /);
      expect(result.stderr, args.join(' ')).not.toContain('Invalid input for');
    }
  }, 60_000);

  it('a name close to none of them gets no guess', async () => {
    const result = await runCli(home, ['tools', 'zzzzzz']);
    expect(result.code).toBe(3);
    expect(result.stderr).not.toContain('Did you mean');
    expect(result.stderr).toContain('hint: See `connected-services servers list`');
  });

  it('a tool name one letter off: not found (exit 3), and the hint names the server\'s tool', async () => {
    const result = await runCli(home, ['call', 'everything', 'ech', '{"message":"hi"}']);
    expect(result.code, result.stderr).toBe(3);
    expect(result.stderr).toMatch(/^error \[not_found\]: "everything" has no tool "ech"[^\n]*\n {2}hint: Did you mean echo\? Run `connected-services tools everything --refresh` to see what it offers now/);
    // Two letters swapped, the commonest slip in a short name, is one edit.
    const swapped = await runCli(home, ['call', 'everything', 'ehco', '{"message":"hi"}']);
    expect(swapped.code, swapped.stderr).toBe(3);
    expect(swapped.stderr).toMatch(/^error \[not_found\]: "everything" has no tool "ehco"[^\n]*\n {2}hint: Did you mean echo\? /);
  }, 60_000);
});
