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

  it('for codex: bare TOML on stdout, the token only once, on stderr (Codex reads it from a variable)', async () => {
    const home = tempHome('cs-add-for-codex-');
    const added = await runCli(home, ['agents', 'add', 'coder', '--for', 'codex']);
    expect(added.code, added.stderr).toBe(0);
    const lines = added.stdout.split('\n').filter((line) => line !== '');
    // A table and its keys, nothing else: `>> ~/.codex/config.toml` appends a usable entry.
    expect(lines[0]).toBe('[mcp_servers.connected-services-coder]');
    for (const line of lines.slice(1)) expect(line).toMatch(/^[a-z_]+ = "[^"\n]*"$/);
    expect(added.stdout).toContain('bearer_token_env_var = "CONNECTED_SERVICES_TOKEN"');
    expect(added.stdout).not.toContain('cs_agent_');
    const tokens = added.stderr.match(/cs_agent_[A-Za-z0-9_-]+/g) ?? [];
    expect(tokens).toHaveLength(1);
    expect(added.stderr).toContain(`# Created agent coder. Its token (shown only now):\n#   ${tokens[0] ?? ''}\n`);
  }, 60_000);
});
