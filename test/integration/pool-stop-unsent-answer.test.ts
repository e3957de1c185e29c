import { afterEach, describe, expect, it } from 'vitest';
import { openConnection, type Connection } from '../../electron/pool/connection';
import { RunningCalls } from '../../electron/pool/running-calls';
import { heldFormRouter, untilTurn } from '../support/held-form-router';
import { askingServer } from '../fixtures/servers/config';

const conns: Connection[] = [];
afterEach(async () => {
  await Promise.all(conns.splice(0).map((c) => c.close()));
});

// The person stops a server while its form waits: the answer given as the stop goes out has no one
// to go to, and the SDK's "Failed to send response" line is no news to the person who stopped it.
describe("a server's request answered while the person stops the server", () => {
  it('leaves no line about the answer that could not be sent', async () => {
    const lines: string[] = [];
    const held = heldFormRouter();
    const conn = await openConnection({
      server: 'asking',
      config: askingServer(),
      startupTimeoutMs: 20_000,
      signal: new AbortController().signal,
      env: process.env,
      now: () => Date.now(),
      maxMessageBytes: 1024 * 1024,
      stopGraceMs: 2_000,
      log: (line) => lines.push(line),
      onClosed: () => undefined,
      onListChanged: () => undefined,
      onLog: () => undefined,
      asks: { calls: new RunningCalls(() => false), router: held.router, timeoutMs: 60_000, roots: () => undefined, now: () => Date.now(), setTimer: () => () => undefined },
    });
    conns.push(conn);
    const call = conn.client.callTool({ name: 'ask-defaults', arguments: {} }).catch(() => undefined);
    await untilTurn(held.asked);
    const closed = conn.close();
    // The stop has reached the transport (its end is now ours); the child is still being stopped.
    await untilTurn(() => conn.ended() !== undefined);
    held.answer({ action: 'decline' });
    await closed;
    await call;
    expect(conn.ended()).toMatchObject({ byUs: true });
    expect(lines.join('\n')).not.toMatch(/Failed to send|could not be sent back/);
  }, 30_000);
});
