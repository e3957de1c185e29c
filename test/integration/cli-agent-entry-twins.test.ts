import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

const MINE = `{\n  "mcpServers": {\n    "mine": { "url": "https://mine.example/mcp" }\n  }\n}\n`;

describe('agent names that fold to one client entry (Team A, team-a, team.a)', () => {
  it('agents add refuses the second naming the first; connect and disconnect leave a twin\u2019s entry alone', async () => {
    const dataDir = tempHome('cs-twins-data-');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    const home = mkdtempSync(join(tmpdir(), 'cs-twins-home-'));
    const file = join(home, '.cursor', 'mcp.json');
    mkdirSync(dirname(file));
    writeFileSync(file, MINE, { mode: 0o600 });
    const env = { HOME: home, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' };
    expect((await runCli(dataDir, ['agents', 'add', 'Team A', '--servers', '*'], { env })).code).toBe(0);
    for (const twin of ['team-a', 'team.a']) {
      const refused = await runCli(dataDir, ['agents', 'add', twin, '--servers', '*'], { env });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('an agent named "Team A" already uses the client entry "connected-services-team-a"');
    }

    // Twins from an agents.json written before they were refused.
    expect((await runCli(dataDir, ['agents', 'add', 'later', '--servers', '*'], { env })).code).toBe(0);
    const agentsFile = join(dataDir, 'agents.json');
    writeFileSync(agentsFile, readFileSync(agentsFile, 'utf8').replace('"later"', '"team.a"'));
    const connected = await runCli(dataDir, ['agents', 'connect', 'Team A', '--client', 'cursor'], { env });
    expect(connected.code, connected.stderr).toBe(0);
    const written = readFileSync(file, 'utf8');
    expect(written).toContain('connected-services-team-a');
    for (const verb of ['connect', 'disconnect']) {
      const refused = await runCli(dataDir, ['agents', verb, 'team.a', '--client', 'cursor'], { env });
      expect(refused.code, refused.stderr).not.toBe(0);
      expect(refused.stderr).toContain(`the entry "connected-services-team-a" in ${file} is agent "Team A"'s`);
    }
    expect(readFileSync(file, 'utf8')).toBe(written);
  }, 120_000);
});
