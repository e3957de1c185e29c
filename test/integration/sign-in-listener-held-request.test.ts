import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoopbackListener, type RedirectListener } from '../../electron/auth/loopback-listener';

const held: Socket[] = [];
afterEach(() => {
  for (const socket of held.splice(0)) socket.destroy();
});

/** A connection to the listener that sent `raw` and waits, as any process here may: a request never finished. */
function holdHalfSent(redirectUri: string, raw: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(redirectUri).port), '127.0.0.1', () => socket.write(raw, () => resolve(socket)));
    // Read, so the server's close is seen (a paused socket never learns of it).
    socket.resume().on('error', () => undefined);
    socket.once('error', reject);
    held.push(socket);
  });
}

const closed = (socket: Socket): Promise<void> => new Promise((resolve) => (socket.closed ? resolve() : socket.once('close', () => resolve())));

describe('the sign-in redirect listener ends with the sign-in, whatever other clients hold open', () => {
  it('closes at once though a local process holds a request head, and a body, half-sent', async () => {
    const listener: RedirectListener = await createLoopbackListener({});
    const waiting = listener.next(undefined, 30_000, 'right');
    const head = await holdHalfSent(listener.redirectUri, 'GET /callback?code=x&state=right HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const body = await holdHalfSent(listener.redirectUri, 'GET /callback HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{');
    const browser = fetch(`${listener.redirectUri}?code=good&state=right`);
    (await waiting).respond({ ok: true });
    // The page still reaches the browser: only the other connections are cut.
    expect((await browser).status).toBe(200);
    // node would keep these for its header and request timeouts (60 s, 300 s), and close with them.
    await listener.close();
await Promise.all([closed(head), closed(body)]);
  }, 15_000);
});
