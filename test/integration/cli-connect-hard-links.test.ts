import { linkSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

const MINE = `{\n  "mcpServers": {\n    "mine": { "url": "https://mine.example/mcp" }\n  }\n}\n`;

describe('a client file with other names (hard links)', () => {
  it('connect and disconnect say the file is written as a new one and its other name keeps the old text', async () => {
    const dataDir = tempHome('cs-links-data-');
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'mcp.json'), JSON.stringify({ mcpServers: {} }), { mode: 0o600 });
    const home = mkdtempSync(join(tmpdir(), 'cs-links-home-'));
    const file = join(home, '.cursor', 'mcp.json');
    mkdirSync(dirname(file));
    writeFileSync(file, MINE, { mode: 0o600 });
    const other = join(home, 'dotfiles-mcp.json');
    linkSync(file, other);
    const env = { HOME: home, XDG_CONFIG_HOME: '', CONNECTED_SERVICES_VAULT_PROVIDER: 'memory' };
    expect((await runCli(dataDir, ['agents', 'add', 'a1', '--servers', '*'], { env })).code).toBe(0);

    const connected = await runCli(dataDir, ['agents', 'connect', 'a1', '--client', 'cursor'], { env });
    expect(connected.code, connected.stderr).toBe(0);
    expect(connected.stderr).toContain(`note: ${file} has 2 names (hard links): it was written as a new file, and its other name keeps the old text.`);
    expect(readFileSync(other, 'utf8')).toBe(MINE);
    expect(statSync(file).nlink).toBe(1);

    // Linked again: the disconnect says it too, and the JSON result carries the count for the app's screens.
    const again = join(home, 'again-mcp.json');
    linkSync(file, again);
    linkSync(file, join(home, 'third-mcp.json'));
    const disconnected = await runCli(dataDir, ['agents', 'disconnect', 'a1', '--client', 'cursor'], { env });
    expect(disconnected.code, disconnected.stderr).toBe(0);
    expect(disconnected.stderr).toContain(`note: ${file} has 3 names (hard links): it was written as a new file, and its other 2 names keep the old text.`);
    expect(readFileSync(again, 'utf8')).toContain('connected-services-a1');
    expect(readFileSync(file, 'utf8')).toBe(MINE);

    linkSync(file, join(home, 'fourth-mcp.json'));
    const json = await runCli(dataDir, ['agents', 'connect', 'a1', '--client', 'cursor', '--json'], { env });
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { plan: { hardLinks?: number } }).plan.hardLinks).toBe(2);
  });
});
