import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_META_KEY } from '../../electron/bridge/agent-errors';
import { staleListingServer } from '../fixtures/servers/config';
import { connectAgent, startBridge } from '../support/bridge-harness';
import { runCli, tempHome } from '../support/cli';
import { rejection } from '../support/rejection';

// A tool the server listed and now says it does not have (its JSON-RPC -32602, worded as servers word
// it) is not_found with a hint to refresh its listing; a -32602 about the arguments stays invalid_input.
describe('a -32602 for a listed tool: gone from the server, or its arguments', () => {
  const refresh = 'run `connected-services tools stale --refresh` to see what it offers now';

  it('the pool and the bridge say not_found for a gone tool and invalid_input for its arguments', async () => {
    const h = await startBridge({ stale: staleListingServer() });
    try {
      for (const tool of ['retired', 'renamed']) {
        const error = await rejection(h.pool.callTool('stale', tool, {}));
        expect(error, tool).toMatchObject({ code: 'not_found', message: expect.stringContaining(`"stale" has no tool "${tool}"`) as unknown });
        expect(error.hint).toContain(refresh);
      }
      for (const tool of ['strict', 'missing_file']) expect((await rejection(h.pool.callTool('stale', tool, {}))).code, tool).toBe('invalid_input');

      const { token } = await h.bridge.agents.add('helper', { servers: ['*'] });
      const agent = await connectAgent(h.bridge.url, token);
      try {
        const codeOf = async (tool: string): Promise<unknown> => {
          const result = await agent.client.callTool({ name: `stale__${tool}`, arguments: {} });
          return (result._meta?.[ERROR_META_KEY] as { code?: unknown } | undefined)?.code;
        };
        expect(await codeOf('retired')).toBe('not_found');
        expect(await codeOf('strict')).toBe('invalid_input');
      } finally {
        await agent.close();
      }
    } finally {
      await h.close();
    }
  }, 60_000);

  it('the CLI exits 3 (not found) with the refresh hint for a gone tool, 2 for bad arguments', async () => {
    const home = tempHome('cs-stale-listing-');
    mkdirSync(home, { recursive: true, mode: 0o700 });
    writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { stale: staleListingServer() } }), { mode: 0o600 });
    expect((await runCli(home, ['servers', 'approve', 'stale', '--yes'])).stdout).toContain('Approved stale.');
    const gone = await runCli(home, ['call', 'stale', 'retired', '{}']);
    expect(gone.stderr).toContain(`error [not_found]: "stale" has no tool "retired": Tool 'retired' not found.`);
    // Printed as a sentence, after no "Did you mean": the name typed is the listed one.
    expect(gone.stderr).toContain(`hint: R${refresh.slice(1)}`);
    expect(gone.code).toBe(3);
    const invalid = await runCli(home, ['call', 'stale', 'strict', '{}']);
    expect(invalid.stderr).toContain('error [invalid_input]');
    expect(invalid.code).toBe(2);
  }, 60_000);
});
