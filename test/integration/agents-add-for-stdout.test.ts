import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

describe('agents add --for prints only the configuration on stdout', () => {
  it('so `> file` is a usable config: the token is in it, and stderr says so', async () => {
    const home = tempHome('cs-add-for-');
    const added = await runCli(home, ['agents', 'add', 'coder', '--for', 'claude-code']);
    expect(added.code, added.stderr).toBe(0);
    const config = JSON.parse(added.stdout) as unknown;
    const token = /cs_agent_[A-Za-z0-9_-]+/.exec(added.stdout)?.[0];
    expect(token).toBeDefined();
    expect(JSON.stringify(config)).toContain(token);
    expect(added.stderr).toContain('# Created agent coder. Its token (shown only now) is in the configuration printed on stdout.');
    expect(added.stderr).toContain('# Configuration for claude-code');
    expect(added.stderr).not.toContain(token);

    // Without --for the token is what it prints, for the person to copy.
    const plain = await runCli(home, ['agents', 'add', 'other']);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).toMatch(/Created agent other\. Its token \(shown only now\):\n {2}cs_agent_/);
  }, 60_000);
});
