import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_CALLBACK_CONNECTIONS } from '../../electron/auth/callback-bounds';
import { createLoopbackListener, type RedirectListener } from '../../electron/auth/loopback-listener';
import { holdConnections, releaseAll } from '../support/held-connections';
import { waitFor } from '../support/server-harness';

const held: Socket[] = [];
const listeners: RedirectListener[] = [];
afterEach(async () => {
  await releaseAll(held.splice(0));
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});

async function open(): Promise<{ listener: RedirectListener; port: number }> {
  const listener = await createLoopbackListener({});
  listeners.push(listener);
  return { listener, port: Number(new URL(listener.redirectUri).port) };
}

/** A connection that sent `raw` and waits, reading so the server's close is seen. */
function halfSent(port: number, raw: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(raw, () => resolve(socket)));
    socket.resume().on('error', () => undefined);
    socket.once('error', reject);
    held.push(socket);
  });
}

describe('the sign-in redirect listener bounds the connections other local processes hold', () => {
  it(`keeps at most ${MAX_CALLBACK_CONNECTIONS} open: each one past the cap replaces a silent one, and the browser's callback still gets through`, async () => {
    const { listener, port } = await open();
    const waiting = listener.next(undefined, 60_000, 'right');
    const silent = await holdConnections(port, MAX_CALLBACK_CONNECTIONS);
    const extra = 4;
    silent.push(...(await holdConnections(port, extra)));
    held.push(...silent);
    for (const socket of silent) socket.resume().on('error', () => undefined);
    const browser = fetch(`${listener.redirectUri}?code=good&state=right`);
    const callback = await waiting;
    // Every connection past the cap, the browser's too, closed one held silent.
    const closedCount = (): number => silent.filter((socket) => socket.closed).length;
    await waitFor('held connections closed', () => closedCount() === extra + 1, 20_000);
    expect(closedCount()).toBe(extra + 1);
    callback.respond({ ok: true });
    expect((await browser).status).toBe(200);
  }, 30_000);

  it('closes a connection whose request head or body never arrives whole, long before the sign-in ends', async () => {
    const { listener, port } = await open();
    const waiting = listener.next(undefined, 120_000, 'right');
    const head = await halfSent(port, 'GET /callback?code=x&state=right HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const body = await halfSent(port, 'GET /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{');
    // node would hold these 60 s (headers) and 300 s (request); the bound here is far above the listener's own.
    await waitFor('half-sent requests closed', () => head.closed && body.closed, 20_000);
    // The sign-in still waits for the browser.
    const browser = fetch(`${listener.redirectUri}?code=good&state=right`);
    (await waiting).respond({ ok: true });
    expect((await browser).status).toBe(200);
  }, 40_000);
});
