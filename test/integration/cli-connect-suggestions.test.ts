import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

describe('agents connect/disconnect answer a mistyped agent or client with what was likely meant', () => {
  let dataDir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    dataDir = tempHome('cs-connect-typo-');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    env = { HOME: mkdtempSync(join(tmpdir(), 'cs-connect-typo-home-')), XDG_CONFIG_HOME: '', CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' };
    for (const agent of ['cursor-bot', 'writer']) expect((await runCli(dataDir, ['agents', 'add', agent, '--servers', '*'], { env })).code).toBe(0);
  }, 60_000);

  it('connect: an agent one typo away is suggested, a name like no agent is not, and nothing is written', async () => {
    for (const args of [['--dry-run'], []]) {
      const typo = await runCli(dataDir, ['agents', 'connect', 'cursor-bto', '--client', 'cursor', ...args], { env });
      expect(typo.code).toBe(3);
      expect(typo.stderr).toContain('No agent named "cursor-bto"');
      expect(typo.stderr).toContain('Did you mean cursor-bot?');
    }
    const far = await runCli(dataDir, ['agents', 'connect', 'zzzzzz', '--client', 'cursor'], { env });
    expect(far.code).toBe(3);
    expect(far.stderr).not.toContain('Did you mean');
    expect(existsSync(join(env['HOME']!, '.cursor'))).toBe(false);
  });

  it('a client name mistyped, or only begun, is answered with the names meant; never with the name typed', async () => {
    const cases: [string, string][] = [
      ['curosr', 'Did you mean --client cursor?'],
      ['VS-Code', 'Did you mean --client vscode?'],
      ['claude', 'Did you mean --client claude-code or --client claude-desktop?'],
      ['gemini', 'Did you mean --client gemini-cli?'],
    ];
    for (const verb of ['connect', 'disconnect']) {
      for (const [typed, hint] of cases) {
        const result = await runCli(dataDir, ['agents', verb, 'writer', '--client', typed], { env });
        expect(result.code, `${verb} --client ${typed}`).toBe(2);
        expect(result.stderr).toContain(hint);
        expect(result.stderr).not.toContain(`Did you mean --client ${typed}?`);
      }
    }
    // A client's name in another case is that client (every name is lower-case): a dry run names it.
    const cased = await runCli(dataDir, ['agents', 'connect', 'writer', '--client', 'VSCode', '--dry-run'], { env });
    expect(cased.code, cased.stderr).toBe(0);
    expect(cased.stderr).not.toContain('Did you mean');
    const none = await runCli(dataDir, ['agents', 'connect', 'writer', '--client', 'emacs'], { env });
    expect(none.code).toBe(2);
    expect(none.stderr).not.toContain('Did you mean');
  });

  it('disconnect: a name that is no agent says so with the agent meant; an agent connected elsewhere is pointed there', async () => {
    const typo = await runCli(dataDir, ['agents', 'disconnect', 'wirter', '--client', 'cursor'], { env });
    expect(typo.code, typo.stderr).toBe(0);
    expect(typo.stdout).toContain('holds no entry for wirter');
    expect(typo.stderr).toContain('note: no agent is named "wirter". Did you mean writer?');
    const connected = await runCli(dataDir, ['agents', 'connect', 'writer', '--client', 'windsurf'], { env });
    expect(connected.code, connected.stderr).toBe(0);
    const wrongClient = await runCli(dataDir, ['agents', 'disconnect', 'writer', '--client', 'cursor', '--dry-run'], { env });
    expect(wrongClient.code, wrongClient.stderr).toBe(0);
    expect(wrongClient.stderr).toContain("note: writer's entry is in Windsurf (--client windsurf).");
    expect(wrongClient.stderr).not.toContain('Did you mean');
  });
});
