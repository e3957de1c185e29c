import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { faultServer } from '../fixtures/servers/config';
import { startHostileServer, type HostileServer } from '../fixtures/servers/hostile-modern-server';
import { tempDir } from '../support/server-harness';
import { rejection } from '../support/rejection';

// A malformed tools/call result was said to be the agent's arguments' fault ("rejected the arguments
// … fix the arguments"): an agent would change right arguments and call again, for ever.
describe("a server's malformed tools/call result", () => {
  let pool: Pool;
  let hostile: HostileServer;
  beforeAll(async () => {
    hostile = await startHostileServer();
    pool = createPool({ cacheDir: tempDir('pool-malformed-') });
    await pool.apply({ mcpServers: { old: faultServer(), modern: { type: 'http', url: hostile.url } } });
    await Promise.all([pool.start('old'), pool.start('modern')]);
  }, 60_000);
  afterAll(async () => {
    await pool?.close();
    await hostile?.close();
  });

  it("refused by the server's own SDK (-32602): the server's fault, said in one readable line", async () => {
    const error = await rejection(pool.callTool('modern', 'malformed', {}));
    expect(error.code).toBe('internal');
    expect(error.message).toMatch(/^"modern" answered tool "malformed" with a result MCP does not allow: Invalid tools\/call result: /);
    expect(error.message).not.toContain('\\u000a');
    expect(error.hint).toContain("not the arguments' fault");
    expect(error.data?.['agentHint']).toContain('not your arguments');
  });

  it('the same from a server on the SDK v1 line, which checks its own results too', async () => {
    const error = await rejection(pool.callTool('old', 'malformed', {}));
    expect(error.code).toBe('internal');
    expect(error.message).toMatch(/^"old" answered tool "malformed" with a result MCP does not allow: Invalid tools\/call result: \[ \{ "expected": "array"/);
  });
});
