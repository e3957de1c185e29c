import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { ROOT } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';
import { tempDir } from '../support/server-harness';

const NAMED_TOOLS = fileURLToPath(new URL('../fixtures/servers/named-tools-server.ts', import.meta.url));
const pools: Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

// A tool listed with an empty name was offered to agents as `<server>___`, a name no person could tell apart.
describe('a stdio server listing a tool with an empty name', () => {
  it('has it left out, saying so once, and its other tools kept', async () => {
    const lines: string[] = [];
    const pool = createPool({ cacheDir: tempDir('unnamed-'), log: (line) => lines.push(line) });
    pools.push(pool);
    await pool.apply({ mcpServers: { odd: { command: process.execPath, args: tsEntry(NAMED_TOOLS), cwd: ROOT, env: { TOOL_NAMES: JSON.stringify(['', 'kept']) } } } });
    await pool.start('odd');
    expect((await pool.tools('odd')).map((t) => t.name)).toEqual(['kept']);
    expect(lines.filter((line) => line.includes('empty name'))).toEqual(['[odd] lists a tool with an empty name; left out, as MCP names a tool with 1 to 128 characters']);
  }, 30_000);
});
