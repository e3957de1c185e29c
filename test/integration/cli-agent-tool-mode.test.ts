import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

interface AgentJson {
  agent?: { toolMode?: string; client?: string | number; listFound?: boolean };
  toolMode?: string;
  listFound?: boolean;
  client?: string | number;
}

describe('agents add/set --tool-mode and --for (issue #32)', () => {
  it('records the tool mode and the client, lists them, prints them with the configuration, and forgets them', async () => {
    const home = tempHome('cs-agent-tool-mode-');
    const added = await runCli(home, ['agents', 'add', 'desk', '--servers', 'everything', '--tool-mode', 'search', '--for', 'claude-code', '--json']);
    expect(added.code, added.stderr).toBe(0);
    const agent = (JSON.parse(added.stdout) as AgentJson).agent;
    expect(agent).toMatchObject({ toolMode: 'search', client: 'claude-code' });

    const listed = await runCli(home, ['agents', 'list']);
    expect(listed.stdout).toContain('desk lists search_tools and call tools instead of its tools (tool mode search).');
    expect(listed.stdout).toContain("desk's names are made to fit claude-code.");

    const config = await runCli(home, ['agents', 'config', 'desk', '--for', 'claude-code']);
    expect(config.code, config.stderr).toBe(0);
    expect(config.stderr).toContain('# tool mode search');
    expect(config.stderr).toContain('names made for claude-code (a prefix of 30 characters, for the entry "connected-services-desk")');
    expect(JSON.parse(config.stdout)).toBeTypeOf('object');

    const auto = await runCli(home, ['agents', 'set', 'desk', '--tool-mode', 'auto', '--for', '30', '--json']);
    expect(auto.code, auto.stderr).toBe(0);
    expect(JSON.parse(auto.stdout)).toMatchObject({ toolMode: 'auto', client: 30 });

    const back = await runCli(home, ['agents', 'set', 'desk', '--tool-mode', 'all', '--for', 'none', '--json']);
    const view = JSON.parse(back.stdout) as AgentJson;
    expect(view.toolMode).toBeUndefined();
    expect(view.client).toBeUndefined();
    const plain = await runCli(home, ['agents', 'config', 'desk', '--for', 'vscode']);
    expect(plain.stderr).toContain('# tool mode all');
    expect(plain.stderr).toContain('agents set "desk" --for vscode');
  }, 60_000);

  it('--list-found records that found tools join its listing, says so, and --no-list-found takes it back', async () => {
    const home = tempHome('cs-agent-list-found-');
    const added = await runCli(home, ['agents', 'add', 'lister', '--servers', 'everything', '--tool-mode', 'search', '--list-found', '--json']);
    expect(added.code, added.stderr).toBe(0);
    expect((JSON.parse(added.stdout) as AgentJson).agent).toMatchObject({ toolMode: 'search', listFound: true });
    const listed = await runCli(home, ['agents', 'list']);
    expect(listed.stdout).toContain('While lister searches, the tools it finds join its listing (list_changed).');
    const config = await runCli(home, ['agents', 'config', 'lister', '--for', 'claude-code']);
    expect(config.stderr).toContain('the tools its searches find join its listing');
    const off = await runCli(home, ['agents', 'set', 'lister', '--no-list-found', '--json']);
    expect(off.code, off.stderr).toBe(0);
    expect((JSON.parse(off.stdout) as AgentJson).listFound).toBeUndefined();
  }, 60_000);

  it('refuses --list-found for an agent that would not search, and says so of one set that way later', async () => {
    const home = tempHome('cs-agent-list-found-all-');
    const refused = await runCli(home, ['agents', 'add', 'plain', '--servers', 'everything', '--list-found']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain('--list-found adds the tools an agent finds by searching, and this agent would not search');
    expect(refused.stderr).toContain('Add --tool-mode search (or auto)');
    expect((await runCli(home, ['agents', 'list'])).stdout).not.toContain('plain');
    expect((await runCli(home, ['agents', 'add', 'finder', '--tool-mode', 'search', '--list-found'])).code).toBe(0);
    expect((await runCli(home, ['agents', 'set', 'finder', '--tool-mode', 'all'])).code).toBe(0);
    const listed = await runCli(home, ['agents', 'list']);
    expect(listed.stdout).toContain('finder would list the tools it finds, but it does not search (tool mode all)');
  }, 60_000);

  // An ACP agent's configuration is printed for acp: its names must fit the agent behind it, and
  // `agents config` without --for must print the same configuration again, not Claude Code's.
  it('--for acp records acp as its client, names made for the longest ACP prefix, and agents config assumes acp', async () => {
    const home = tempHome('cs-agent-acp-');
    const added = await runCli(home, ['agents', 'add', 'zed', '--servers', 'everything', '--for', 'acp']);
    expect(added.code, added.stderr).toBe(0);
    // The configuration alone on stdout, its notes on stderr.
    expect(JSON.parse(added.stdout)).toHaveProperty('stdio');
    expect(added.stderr).toContain('# Configuration for acp:');
    expect(added.stderr).toContain('# names made for acp (a prefix of 29 characters, for the entry "connected-services-zed")');
    const listed = await runCli(home, ['agents', 'list', '--json']);
    expect((JSON.parse(listed.stdout) as AgentJson[])[0]?.client).toBe('acp');
    const config = await runCli(home, ['agents', 'config', 'zed']);
    expect(config.stderr).toContain('# for acp, the client its names are made for');
    expect(JSON.parse(config.stdout)).toHaveProperty('stdio');
    const set = await runCli(home, ['agents', 'set', 'zed', '--for', 'codex', '--json']);
    expect((JSON.parse(set.stdout) as AgentJson).client).toBe('codex');
    const again = await runCli(home, ['agents', 'set', 'zed', '--for', 'acp', '--json']);
    expect(again.code, again.stderr).toBe(0);
    expect((JSON.parse(again.stdout) as AgentJson).client).toBe('acp');
  }, 60_000);

  it('refuses a mode or client it does not know, saying what it takes', async () => {
    const home = tempHome('cs-agent-tool-mode-bad-');
    const mode = await runCli(home, ['agents', 'add', 'x', '--tool-mode', 'serch']);
    expect(mode.code).not.toBe(0);
    expect(mode.stderr).toContain('--tool-mode takes all or search or auto, not "serch"');
    expect(mode.stderr).toContain('Did you mean --tool-mode search?');
    const client = await runCli(home, ['agents', 'add', 'y', '--for', 'cursr']);
    expect(client.code).not.toBe(0);
    expect(client.stderr).toContain('Did you mean --for cursor?');
    const long = await runCli(home, ['agents', 'add', 'z', '--for', '99']);
    expect(long.stderr).toContain('at most 40');
  }, 60_000);
});
