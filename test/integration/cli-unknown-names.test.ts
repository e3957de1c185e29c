import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// A tool name with a space, or of 10,000 characters, was said to be the arguments' fault (exit 2,
// "rejected the arguments"), and the long one was printed whole, twice.
describe('CLI: a tool the server does not have, whatever its name', () => {
  it('is not_found (exit 3) with the listing to look at, and a long name is said in part', async () => {
    const home = tempHome('cs-cli-unknown-names-');
    const spaced = await runCli(home, ['call', 'everything', 'bad tool', '{}']);
    expect(spaced.code, spaced.stderr).toBe(3);
    expect(spaced.stderr).toContain('has no tool "bad tool"');
    expect(spaced.stderr).toContain('connected-services tools everything');
    const long = await runCli(home, ['call', 'everything', 'a'.repeat(10_000), '{}']);
    expect(long.code, long.stderr.slice(0, 300)).toBe(3);
    expect(long.stderr.length).toBeLessThan(1_000);
  }, 60_000);

  it('a URL that does not parse is said to be broken, not to have the wrong scheme', async () => {
    const home = tempHome('cs-cli-broken-url-');
    const broken = await runCli(home, ['servers', 'add', 'v6', '--url', 'http://[::1']);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('url: is not a whole URL');
    const scheme = await runCli(home, ['servers', 'add', 'js', '--url', 'javascript:alert(1)']);
    expect(scheme.stderr).toContain('url: must be an http:// or https:// URL');
  }, 60_000);
});
