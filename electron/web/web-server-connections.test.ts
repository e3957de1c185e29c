import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { createApiDoor, EventHub } from '../app';
import { droppedUnanswered, holdConnections, openStream, postedOn, releaseAll, statusLineOn, tricklingOn, whenClosed } from '../../test/support/held-connections';
import { waitFor } from '../../test/support/server-harness';
import { fakeApi, send, signIn } from '../../test/support/web-server-harness';
import { startWebServer } from './web-server';

/** The web server at a small connection cap, against clients that keep its connections taken. */
describe('web server at its connection cap', () => {
  let events: EventHub;
  const secret = 'per-run-secret-for-tests';
  beforeEach(() => {
    events = new EventHub();
  });

  const startSmall = (cap: number) =>
    startWebServer({ api: fakeApi(events), door: createApiDoor({ api: fakeApi(events), admin: { record: (e) => ({ ...e, id: 'x', time: 0 }) } }), port: 0, staticDir: mkdtempSync(join(tmpdir(), 'cs-web-cap-')), maxConnections: cap, secret });

  /** A server at `cap` with the signed-in UI's kept-alive connection open first (so the one idle longest). */
  async function withUiFirst(cap: number) {
    const small = await startSmall(cap);
    const auth = { authorization: `Bearer ${await signIn(small.port, secret)}` };
    const host = `127.0.0.1:${small.port}`;
    const [ui] = await holdConnections(small.port, 1);
    if (ui === undefined) throw new Error('no connection held');
    expect(await postedOn(ui, '/api/status', host, auth)).toBe('HTTP/1.1 200 OK');
    return { small, auth, host, ui };
  }

  it('at its cap, a new connection takes the place of the oldest silent one; with every connection serving, the new one is dropped', async () => {
    const cap = 4;
    const small = await startSmall(cap);
    const auth = { authorization: `Bearer ${await signIn(small.port, secret)}` };
    try {
      const held = await holdConnections(small.port, cap);
      expect((await send(small.port, '/health', { headers: { connection: 'close' } })).status).toBe(200);
      await whenClosed(held[0]!);
      expect(await statusLineOn(held[cap - 1]!, '/health', `127.0.0.1:${small.port}`)).toBe('HTTP/1.1 200 OK');
      await releaseAll(held);
      // The UI's event streams are served as long as they are open: none of them makes room.
      const streams = await waitFor('every connection an event stream', async () => {
        const opened = await Promise.all(Array.from({ length: cap }, () => openStream(small.port, '/api/events', auth).catch(() => undefined)));
        if (opened.every((s) => s?.status === 200)) return opened.flatMap((s) => (s ? [s] : []));
        await Promise.all(opened.flatMap((s) => (s ? [s.close()] : [])));
        return undefined;
      });
      expect(await waitFor('the new connection dropped', async () => (await droppedUnanswered(small.port)) || undefined)).toBe(true);
      await streams[0]!.close();
      expect(await waitFor('a connection taken again', async () => ((await send(small.port, '/health').catch(() => undefined))?.status === 200 ? true : undefined))).toBe(true);
      await Promise.all(streams.map((s) => s.close()));
    } finally {
      await small.close();
    }
  });

  it('at its cap, the UI\'s kept-alive connection (its secret shown) gives way only after those that showed none', async () => {
    const cap = 3;
    // The UI's connection is the one idle longest: without trust it would be the first to go.
    const { small, auth, host, ui } = await withUiFirst(cap);
    try {
      const flood = await holdConnections(small.port, cap - 1);
      for (const socket of flood) expect(await postedOn(socket, '/api/status', host, {})).toBe('HTTP/1.1 401 Unauthorized');
      for (let round = 0; round < cap; round++) {
        const [next] = await holdConnections(small.port, 1);
        expect(await statusLineOn(next!, '/api/nothing', host)).toBe('HTTP/1.1 401 Unauthorized');
        flood.push(next!);
      }
      await Promise.all(flood.slice(0, cap).map((socket) => whenClosed(socket)));
      expect(await postedOn(ui, '/api/status', host, auth)).toBe('HTTP/1.1 200 OK');
      await releaseAll([ui, ...flood]);
    } finally {
      await small.close();
    }
  });

  it('the signed-in UI is answered while every other connection trickles the body of a sign-in or a link request', async () => {
    const cap = 4;
    // The UI's kept-alive connection is the oldest: it must outlast every trickling one.
    const { small, auth, host, ui } = await withUiFirst(cap);
    try {
      const paths = ['/api/session', '/api/ui-link/request'];
      const slow = await holdConnections(small.port, cap - 1);
      for (const [i, socket] of slow.entries()) await tricklingOn(socket, paths[i % 2]!, host);
      // A process reopening what is closed: each new connection trickles too, replacing the oldest trickling one.
      for (let round = 0; round < cap; round++) {
        const [next] = await holdConnections(small.port, 1);
        // One of them gave way to it: the oldest trickling one, never the UI's.
        await Promise.race([whenClosed(slow[round]!), whenClosed(ui)]);
        expect(ui.closed).toBe(false);
        await tricklingOn(next!, paths[round % 2]!, host);
        slow.push(next!);
      }
      expect(await postedOn(ui, '/api/status', host, auth)).toBe('HTTP/1.1 200 OK');
      // A new connection of the UI (another tab, a reload) is answered too, and so is the page.
      expect((await send(small.port, '/api/status', { method: 'POST', headers: { ...auth, 'content-type': 'application/json', connection: 'close' }, body: '{}' })).status).toBe(200);
      expect((await send(small.port, '/health', { headers: { connection: 'close' } })).status).toBe(200);
      await releaseAll([ui, ...slow]);
    } finally {
      await small.close();
    }
  });
});
