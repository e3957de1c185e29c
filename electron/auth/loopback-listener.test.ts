import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createLoopbackListener, MAX_STRAY_CALLBACKS, type RedirectListener } from './loopback-listener';

const listeners: RedirectListener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});

async function open(): Promise<RedirectListener> {
  const listener = await createLoopbackListener({});
  listeners.push(listener);
  return listener;
}

/** The status line of a request sent as written (any process here can send one), '' when the connection closed first. */
function rawRequest(redirectUri: string, target: string, extraLines = ''): Promise<string> {
  const { port } = new URL(redirectUri);
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${extraLines}Connection: close\r\n\r\n`));
    socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', reject);
  });
}

/** The browser's callback with the right state, after the refused ones: still the one taken, and answered. */
async function rightOneTaken(listener: RedirectListener, waiting: ReturnType<RedirectListener['next']>): Promise<void> {
  const browser = fetch(`${listener.redirectUri}?code=good&state=right`);
  const callback = await waiting;
  expect(callback.url.href).toBe(`${listener.redirectUri}?code=good&state=right`);
  callback.respond({ ok: true });
  expect((await browser).status).toBe(200);
}

describe('loopback redirect listener (RFC 8252 §7.3)', () => {
  it('listens on 127.0.0.1 with an ephemeral port and takes exactly one callback', async () => {
    const listener = await open();
    expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const waiting = listener.next(undefined, 10_000, 'xyz');
    // Other paths are not the callback and do not end the wait.
    expect((await fetch(new URL('/favicon.ico', listener.redirectUri))).status).toBe(404);
    const browser = fetch(`${listener.redirectUri}?code=abc&state=xyz`);
    const callback = await waiting;
    expect(callback.url.searchParams.get('code')).toBe('abc');
    callback.respond({ ok: true });
    const page = await browser;
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('You are signed in');
    await listener.close();
    await expect(fetch(`${listener.redirectUri}?code=again&state=xyz`)).rejects.toThrow();
  });

  it('answers the callback path with a slash added, and only that one, where the authorization server registered it so', async () => {
    const listener = await createLoopbackListener({ slashed: true });
    listeners.push(listener);
    expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\/$/);
    const waiting = listener.next(undefined, 10_000, 'right');
    expect((await fetch(new URL('/callback?code=c&state=right', listener.redirectUri))).status).toBe(404);
    await rightOneTaken(listener, waiting);
  });

  it('shows a failure page with the reason, escaped', async () => {
    const listener = await open();
    const waiting = listener.next(undefined, 10_000, 'xyz');
    const browser = fetch(`${listener.redirectUri}?error=access_denied&state=xyz`);
    (await waiting).respond({ ok: false, message: 'State <mismatch>.' });
    const page = await browser;
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('State &#60;mismatch&#62;.');
  });

  it('gives up after the timeout, and on cancel', async () => {
    const listener = await open();
    await expect(listener.next(undefined, 20, 'xyz')).rejects.toMatchObject({ code: 'timeout' });
    const second = await open();
    const controller = new AbortController();
    const waiting = second.next(controller.signal, 10_000, 'xyz');
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'denied', message: 'The sign-in was cancelled.' });
  });

  it('answers a callback with another state 400 and keeps waiting: the right one still completes', async () => {
    const listener = await open();
    const waiting = listener.next(undefined, 10_000, 'the-real-state');
    let delivered = false;
    void waiting.then(() => (delivered = true));
    for (const query of ['?code=evil&state=guessed', '?code=evil', '?code=evil&state=the-real-stat', '?code=evil&state=the-real-statee']) {
      const stray = await fetch(`${listener.redirectUri}${query}`);
      expect(stray.status).toBe(400);
      expect(await stray.text()).toContain('does not belong to the sign-in in progress');
    }
    expect(delivered).toBe(false);
    const browser = fetch(`${listener.redirectUri}?code=good&state=the-real-state`);
    const callback = await waiting;
    expect(callback.url.searchParams.get('code')).toBe('good');
    callback.respond({ ok: true });
    expect((await browser).status).toBe(200);
  });

  it(`past ${MAX_STRAY_CALLBACKS} stray callbacks answers 429 without a page, and still waits for the right one`, async () => {
    const listener = await open();
    const waiting = listener.next(undefined, 10_000, 'right');
    const statuses: number[] = [];
    for (let i = 0; i < MAX_STRAY_CALLBACKS + 3; i++) {
      const stray = await fetch(`${listener.redirectUri}?code=x&state=wrong-${i}`);
      await stray.arrayBuffer();
      statuses.push(stray.status);
    }
    expect(statuses.filter((s) => s === 400)).toHaveLength(MAX_STRAY_CALLBACKS);
    expect(statuses.slice(MAX_STRAY_CALLBACKS)).toEqual([429, 429, 429]);
    const browser = fetch(`${listener.redirectUri}?code=good&state=right`);
    (await waiting).respond({ ok: true });
    expect((await browser).status).toBe(200);
  });

  it('answers request targets that are no URL 404, and still waits for the right callback', async () => {
    const listener = await open();
    const waiting = listener.next(undefined, 10_000, 'right');
    for (const target of ['http://[/callback', 'http://a:b/callback?state=right', 'http://x:99999/callback']) {
      expect(await rawRequest(listener.redirectUri, target), target).toBe('HTTP/1.1 404 Not Found');
    }
    await rightOneTaken(listener, waiting);
  });

  it('takes the callback only at its path: a target naming another host (`//host/callback`, absolute-form) is not it', async () => {
    const listener = await open();
    const waiting = listener.next(undefined, 10_000, 'right');
    let delivered = false;
    void waiting.then(() => (delivered = true));
    for (const target of ['//evil.example/callback?code=evil&state=right', '/\\evil.example/callback?code=evil&state=right', 'http://evil.example/callback?code=evil&state=right']) {
      expect(await rawRequest(listener.redirectUri, target), target).toBe('HTTP/1.1 404 Not Found');
    }
    expect(delivered).toBe(false);
    await rightOneTaken(listener, waiting);
  });

  it('answers a callback with two Host lines 400 (RFC 9112 §3.2), its state and code not taken', async () => {
    const listener = await open();
    const waiting = listener.next(undefined, 10_000, 'right');
    let delivered = false;
    void waiting.then(() => (delivered = true));
    const { pathname } = new URL(listener.redirectUri);
    expect(await rawRequest(listener.redirectUri, `${pathname}?code=evil&state=right`, 'Host: evil.example\r\n')).toBe('HTTP/1.1 400 Bad Request');
    expect(delivered).toBe(false);
    await rightOneTaken(listener, waiting);
  });
});
