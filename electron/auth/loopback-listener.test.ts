import { afterEach, describe, expect, it } from 'vitest';
import { createLoopbackListener, type RedirectListener } from './loopback-listener';

const listeners: RedirectListener[] = [];
afterEach(async () => {
  await Promise.all(listeners.splice(0).map((l) => l.close()));
});

async function open(): Promise<RedirectListener> {
  const listener = await createLoopbackListener({});
  listeners.push(listener);
  return listener;
}

describe('loopback redirect listener (RFC 8252 §7.3)', () => {
  it('listens on 127.0.0.1 with an ephemeral port and takes exactly one callback', async () => {
    const listener = await open();
    expect(listener.redirectUri).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/);
    const waiting = listener.next(undefined, 10_000);
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

  it('shows a failure page with the reason, escaped', async () => {
    const listener = await open();
    const waiting = listener.next(undefined, 10_000);
    const browser = fetch(`${listener.redirectUri}?code=abc`);
    (await waiting).respond({ ok: false, message: 'State <mismatch>.' });
    const page = await browser;
    expect(page.status).toBe(400);
    expect(await page.text()).toContain('State &#60;mismatch&#62;.');
  });

  it('gives up after the timeout, and on cancel', async () => {
    const listener = await open();
    await expect(listener.next(undefined, 20)).rejects.toMatchObject({ code: 'timeout' });
    const second = await open();
    const controller = new AbortController();
    const waiting = second.next(controller.signal, 10_000);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ code: 'denied', message: 'The sign-in was cancelled.' });
  });
});
