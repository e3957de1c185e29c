import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// A service chooses what `call` prints. The reference server's echo sends back whatever it is given,
// here the sequences a hostile service would use: OSC 52 (write the clipboard), cursor up and erase
// (hide an earlier line), the 8-bit CSI, a bidi override and a lone CR.
// Every control character but newline, and the bidi overrides.
const ACTIVE = /[\p{Cc}\u202a-\u202e]/u;
const HOSTILE = 'ok\u001b]52;c;cm0gLXJmIH4=\u0007 \u001b[1A\u001b[2K \u009b31m \u202eevil\rfake';

describe('what a service sends never drives the terminal', () => {
  const home = tempHome('cs-terminal-');

  it('`call` shows control sequences as text, and --json still parses to exactly what the service sent', async () => {
    const args = JSON.stringify({ message: HOSTILE });
    const text = await runCli(home, ['call', 'everything', 'echo', args], { timeoutMs: 60_000 });
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout.replace(/\n/g, '')).not.toMatch(ACTIVE);
    expect(text.stdout).toBe('Echo: ok\\u001b]52;c;cm0gLXJmIH4=\\u0007 \\u001b[1A\\u001b[2K \\u009b31m \\u202eevil\\u000dfake\n');

    const json = await runCli(home, ['call', 'everything', 'echo', args, '--json'], { timeoutMs: 60_000 });
    expect(json.code, json.stderr).toBe(0);
    expect(json.stdout.replace(/\n/g, '')).not.toMatch(ACTIVE);
    const result = JSON.parse(json.stdout) as { content: Array<{ text: string }> };
    expect(result.content[0]?.text).toBe(`Echo: ${HOSTILE}`);
  });

  it('an error naming what was typed shows it as text too', async () => {
    const typo = await runCli(home, ['cal\u001b[2J']);
    expect(typo.code).not.toBe(0);
    expect(typo.stderr).toContain("unknown command 'cal\\u001b[2J'");
    expect(typo.stderr).not.toContain('\u001b');
  });
});
