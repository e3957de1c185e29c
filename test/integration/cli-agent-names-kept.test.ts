import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { everythingServer } from '../fixtures/servers/config';
import { runCli, tempHome } from '../support/cli';

// An agent with plain names over two servers that offer the same tools (the everything reference
// server twice): with no app running, `agents list` says which names keep their prefix from the
// cached inventories, and nothing about collisions while one of its servers was never listed.
describe('agents list, plain names, no app running', () => {
  it('names the tools that keep their prefix once both servers are listed', async () => {
    const home = tempHome('cs-names-kept-');
    expect((await runCli(home, ['servers', 'list'])).code).toBe(0);
    const config = JSON.parse(readFileSync(join(home, 'mcp.json'), 'utf8')) as { mcpServers: Record<string, unknown> };
    config.mcpServers['twin'] = everythingServer();
    writeFileSync(join(home, 'mcp.json'), JSON.stringify(config), { mode: 0o600 });
    const approved = await runCli(home, ['servers', 'approve', 'twin']);
    expect(approved.code, approved.stderr).toBe(0);
    const added = await runCli(home, ['agents', 'add', 'coder', '--servers', 'everything,twin,memory', '--names', 'plain']);
    expect(added.code, added.stderr).toBe(0);

    const before = await runCli(home, ['agents', 'list']);
    expect(before.code, before.stderr).toBe(0);
    expect(before.stdout).toContain('coder sees each tool and prompt under its own name.');

    for (const server of ['everything', 'twin', 'memory']) {
      const listed = await runCli(home, ['tools', server, '--refresh', '--json'], { timeoutMs: 60_000 });
      expect(listed.code, listed.stderr).toBe(0);
    }
    const after = await runCli(home, ['agents', 'list', '--json']);
    expect(after.code, after.stderr).toBe(0);
    const kept = (JSON.parse(after.stdout) as Array<{ name: string; keptPrefix?: string[] }>).find((a) => a.name === 'coder')?.keptPrefix ?? [];
    expect(kept).toEqual(expect.arrayContaining(['everything__echo', 'twin__echo', 'everything__simple-prompt', 'twin__simple-prompt']));
    expect(kept.some((name) => name.startsWith('memory__'))).toBe(false);
    const text = await runCli(home, ['agents', 'list']);
    expect(text.stdout).toContain('these keep their prefix because two of its servers offer them (or names that differ only in case): ');
    expect(text.stdout).toContain('twin__echo');

    const alone = await runCli(home, ['agents', 'add', 'solo', '--servers', 'memory', '--names', 'plain']);
    expect(alone.code, alone.stderr).toBe(0);
    expect((await runCli(home, ['agents', 'list'])).stdout).toContain('solo sees each tool and prompt under its own name; none collide.');
  }, 120_000);
});
