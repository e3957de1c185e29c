import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempHome } from '../support/cli';

const PASSPHRASE = { CONNECTED_SERVICES_PASSPHRASE: 'add-total' };

function serverNames(home: string): string[] {
  return Object.keys((JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> }).mcpServers);
}

describe('servers add through the built CLI, with mcp.json near its bound', () => {
  // As an import: adds one at a time must not grow the file without bound either.
  it('adds the 1000th server and refuses the 1001st, saying how many there are', async () => {
    const home = tempHome('cs-add-total-');
    const servers = Object.fromEntries(Array.from({ length: 999 }, (_, i) => [`s${i}`, { url: 'https://example.com/mcp' }]));
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: servers }), { mode: 0o600 });
    const last = await runCli(home, ['servers', 'add', 'last', '--url', 'https://example.com/last'], { env: PASSPHRASE });
    expect(last.code, last.stderr).toBe(0);
    expect(serverNames(home)).toHaveLength(1000);
    const over = await runCli(home, ['servers', 'add', 'over', '--url', 'https://example.com/over'], { env: PASSPHRASE });
    expect(over.code).toBe(2);
    expect(over.stderr).toContain('error [invalid_input]: mcp.json has 1000 servers and this server would add 1: 1001, more than the 1000 it holds after an add; nothing was added.');
    expect(over.stderr).toContain('servers remove NAME');
    expect(serverNames(home)).not.toContain('over');
  }, 60_000);
});
