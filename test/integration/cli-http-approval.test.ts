import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

// The CLI, no app running: an HTTP server that sends a secret waits for approval as a command does.
describe('CLI: approving where an HTTP server sends its secrets', () => {
  it('add and edit say it waits; approve shows where the secret goes; a server without references needs none', async () => {
    const home = tempHome('cs-cli-http-approval-');
    const header = ['--header', 'Authorization: Bearer ${secret:github_token}'];
    const added = await runCli(home, ['servers', 'add', 'gh', '--url', 'https://api.example.com/mcp', ...header]);
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toContain('It sends secrets to its URL, which needs your approval first: connected-services servers approve gh');

    const approved = await runCli(home, ['servers', 'approve', 'gh', '--yes']);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toBe('gh sends secrets to:\n  https://api.example.com/mcp  # sends ${secret:github_token} in header Authorization\nApproved gh.\n');

    // An edit naming nothing changes nothing and says what to name.
    const nothing = await runCli(home, ['servers', 'edit', 'gh']);
    expect(nothing.code).toBe(2);
    expect(nothing.stdout).toBe('');
    expect(nothing.stderr).toContain('servers edit was given nothing to change');

    // A change outside the approval keeps it.
    const described = await runCli(home, ['servers', 'edit', 'gh', '--description', 'GitHub']);
    expect(described.stdout).toBe('Changed gh.\n');
    const moved = await runCli(home, ['servers', 'edit', 'gh', '--url', 'https://other.example/mcp']);
    expect(moved.code, moved.stderr).toBe(0);
    expect(moved.stdout).toContain('Where it sends its secrets changed and needs your approval before it connects again: connected-services servers approve gh');

    const plain = await runCli(home, ['servers', 'add', 'plain', '--url', 'https://plain.example/mcp', '--header', 'X-Team: blue']);
    expect(plain.stdout).toBe('Added plain.\n');
    const refused = await runCli(home, ['servers', 'approve', 'plain', '--yes']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('sends no secret');
  }, 60_000);
});
