import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// `${token}` is a reference, as `${secret:…}` is: hidden as `[redacted]`, the person approved a command line they could not read.
describe('CLI: a sign-in token placeholder in a command line is shown as written', () => {
  it('servers approve and servers list show ${token} and ${token:SERVER} as written', async () => {
    const home = tempHome('cs-token-ref-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    const auth = { type: 'oauth', issuer: 'https://auth.example.com', clientId: 'abc' };
    writeFileSync(
      join(home, 'mcp.json'),
      JSON.stringify({
        mcpServers: {
          slack: { command: 'slack-mcp', env: { SLACK_TOKEN: '${token}' }, auth },
          mail: { command: 'mail-mcp', args: ['--token', '${token:slack}'], env: { GITHUB_TOKEN: '${token:slack}' } },
        },
      }),
      { mode: 0o600 },
    );
    const approve = await runCli(home, ['servers', 'approve', 'slack']);
    expect(approve.code, approve.stderr).toBe(0);
    expect(approve.stdout).toContain("SLACK_TOKEN='${token}' slack-mcp");
    const list = await runCli(home, ['servers', 'list']);
    expect(list.stdout).toContain("SLACK_TOKEN='${token}' slack-mcp");
    expect(list.stdout).toContain("GITHUB_TOKEN='${token:slack}' mail-mcp --token '${token:slack}'");
    expect(list.stdout + list.stderr).not.toContain('[redacted]');
  });

  it('servers add takes --token ${token:SERVER} with the warning docs/cli.md gives, not as a secret in clear', async () => {
    const home = tempHome('cs-token-add-');
    const add = await runCli(home, ['servers', 'add', 'm2', '--', 'mail-mcp', '--token', '${token:github}']);
    expect(add.code, add.stderr).toBe(0);
    expect(add.stderr).toContain("warning: ${token:github} goes into the program's command line");
    expect((await runCli(home, ['servers', 'list'])).stdout).toContain("mail-mcp --token '${token:github}'");
    // Text beside it is still a secret in clear.
    const glued = await runCli(home, ['servers', 'add', 'm3', '--', 'mail-mcp', '--token', '${token:github}hunter2']);
    expect(glued.code).toBe(2);
    expect(glued.stderr).toContain('has text written beside its reference');
  });
});
