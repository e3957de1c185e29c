import { afterEach, describe, expect, it } from 'vitest';
import { openConnection, type Connection } from '../../electron/pool/connection';
import { RunningCalls } from '../../electron/pool/running-calls';
import { heldFormRouter, untilTurn } from '../support/held-form-router';
import { startHeldStopHttpServer } from '../fixtures/servers/held-stop-http-server';

const ends: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(ends.splice(0).map((end) => end()));
});

// The stdio case is pool-stop-unsent-answer.test.ts; over HTTP any close of the connection is ours.
describe("an HTTP server's request answered while the person stops the server", () => {
  it('leaves no line about the answer that could not be sent', async () => {
    const server = await startHeldStopHttpServer();
    ends.push(() => server.close());
    const lines: string[] = [];
    const held = heldFormRouter();
    const conn: Connection = await openConnection({
      server: 'remote',
      config: { type: 'http', url: server.url, protocol: '2025-11-25' },
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
    ends.push(() => conn.close());
    const call = conn.client.callTool({ name: 'ask', arguments: {} }).catch(() => undefined);
    await untilTurn(held.asked);
    const closed = conn.close();
    // The stop's DELETE has reached the server, which holds it: the answer now goes out as the session ends.
    await untilTurn(server.stopping);
    held.answer({ action: 'decline' });
    await closed;
    await call;
    // The answer did go out, and was refused.
    expect(server.answers()).toBe(1);
    expect(lines.join('\n')).not.toMatch(/Failed to send|could not be sent back|Error POSTing|404/);
  }, 30_000);
});
