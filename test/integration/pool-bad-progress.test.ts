import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { redact } from '../../shared/redact';
import { ROOT } from '../fixtures/servers/config';
import { tsEntry } from '../support/ts-entry';
import { tempDir } from '../support/server-harness';

const BAD_PROGRESS = fileURLToPath(new URL('../fixtures/servers/bad-progress-server.ts', import.meta.url));
const pools: Pool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

// A server's notification MCP does not allow was logged as the schema library's dump: a dozen lines
// of JSON issues in serve's stderr for one message.
describe('a stdio server sending a progress notification MCP does not allow', () => {
  it('is logged on one line saying what was wrong, and the call still answers', async () => {
    const lines: string[] = [];
    const pool = createPool({ cacheDir: tempDir('bad-progress-'), log: (line) => lines.push(line) });
    pools.push(pool);
    await pool.apply({ mcpServers: { bad: { command: process.execPath, args: tsEntry(BAD_PROGRESS), cwd: ROOT } } });
    const progress: unknown[] = [];
    const result = await pool.callTool('bad', 'work', {}, { onProgress: (p) => progress.push(p) });
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    expect(progress).toEqual([]);
    const told = lines.filter((line) => line.startsWith('[bad]') && line.includes('progress'));
    expect(told).toHaveLength(1);
    expect(told[0]).not.toContain('\n');
    expect(told[0]).toContain('params.progress: Invalid input: expected number, received string');
    expect(told[0]).toMatch(/^\[bad\] sent a notification MCP does not allow \(params\.progress: .*; params\.total: .*\); it was ignored$/);
  }, 30_000);

  // Its `progressToken` named bare before a colon read as a credential's header: the log hid the rest.
  it('keeps the end of the line when the wrong field is the token, through the redactor every log line passes', async () => {
    const lines: string[] = [];
    const pool = createPool({ cacheDir: tempDir('bad-progress-'), log: (line) => lines.push(redact(line)) });
    pools.push(pool);
    await pool.apply({ mcpServers: { bad: { command: process.execPath, args: tsEntry(BAD_PROGRESS), cwd: ROOT } } });
    const result = await pool.callTool('bad', 'work-token', {}, { onProgress: () => undefined });
    expect(result.content).toEqual([{ type: 'text', text: 'done' }]);
    const told = lines.filter((line) => line.startsWith('[bad]') && line.includes('progress'));
    expect(told).toHaveLength(1);
    expect(told[0]).toMatch(/^\[bad\] sent a notification MCP does not allow \(.*params\["progressToken"\]: Invalid input.*\); it was ignored$/);
  }, 30_000);
});
