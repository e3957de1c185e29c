import { afterEach, describe, expect, it } from 'vitest';
import { createPool, type Pool } from '../../electron/pool';
import { MAX_LISTING_DEPTH, MAX_MESSAGE_DEPTH } from '../../electron/pool/listing-depth';
import { startDeepGetServer, type DeepGetHow } from '../fixtures/servers/deep-get-http-server';
import { tempDir } from '../support/server-harness';
import { rejection } from '../support/rejection';

const open: Array<{ close(): Promise<void> }> = [];

afterEach(async () => {
  for (const item of open.splice(0).reverse()) await item.close();
});

async function poolWith(levels: number, how: DeepGetHow): Promise<Pool> {
  const server = await startDeepGetServer(levels, how);
  open.push(server);
  const pool = createPool({ cacheDir: tempDir('deep-get-') });
  open.push(pool);
  await pool.apply({ mcpServers: { deep: { type: 'http', url: server.url } } });
  return pool;
}

// A listing answered on a GET stream is metered as a POST's answer is: unmetered, it ran the SDK's
// recursive check out of stack ("Maximum call stack size exceeded", shown as the server's error).
describe('a message nested without end on any response of an HTTP server', () => {
  // Also one whose `id` comes after the event's first KiB: its request gets the error, not its timeout.
  it.each([['resume' as const], ['standalone' as const], ['standalone-id-last' as const]])('a listing answered on a %s GET stream is refused with the depth error', async (how) => {
    const pool = await poolWith(200_000, how);
    const failed = await rejection(pool.start('deep'));
    expect(failed.message).toContain(`"deep" sent a listing nested deeper than ${MAX_LISTING_DEPTH} levels`);
    expect(failed.message).not.toContain('Maximum call stack');
  }, 60_000);

  it("a call's result is refused with the depth error, not the stack's", async () => {
    const pool = await poolWith(200_000, 'call');
    await pool.start('deep');
    const failed = await rejection(pool.callTool('deep', 't', {}));
    expect(failed.message).toContain(`"deep" sent a message nested deeper than ${MAX_MESSAGE_DEPTH} levels`);
  }, 60_000);
});
