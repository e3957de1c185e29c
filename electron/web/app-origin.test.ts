import { afterEach, describe, expect, it } from 'vitest';
import { AppShelf } from '../mcp-apps';
import { holdConnections, releaseAll, statusLineOn, whenClosed } from '../../test/support/held-connections';
import { startAppOrigin, type AppOrigin } from './app-origin';

let apps: AppOrigin | undefined;
afterEach(async () => {
  await apps?.close();
});

describe('app origin: its one address', () => {
  it('serves an app only under 127.0.0.1:PORT, the address its frames load; `localhost` and `[::1]` are refused', async () => {
    const shelf = new AppShelf();
    const id = shelf.put({ server: 'srv', uri: 'ui://srv/app', html: '<p>app</p>', declared: undefined, granted: [] });
    apps = await startAppOrigin({ shelf, ancestors: () => ['http://127.0.0.1:1'] });
    const { port } = new URL(apps.origin);
    expect(apps.addressOf(id)).toBe(`http://127.0.0.1:${port}/app/${id}`);
    const [own, local, six] = await holdConnections(Number(port), 3);
    expect(await statusLineOn(own!, `/app/${id}`, `127.0.0.1:${port}`)).toBe('HTTP/1.1 200 OK');
    expect(await statusLineOn(local!, `/app/${id}`, `localhost:${port}`)).toBe('HTTP/1.1 403 Forbidden');
    expect(await statusLineOn(six!, `/app/${id}`, `[::1]:${port}`)).toBe('HTTP/1.1 403 Forbidden');
    await releaseAll([own!, local!, six!]);
  });

  it('answers a request target that is no URL 404, and keeps serving', async () => {
    const shelf = new AppShelf();
    const id = shelf.put({ server: 'srv', uri: 'ui://srv/app', html: '<p>app</p>', declared: undefined, granted: [] });
    apps = await startAppOrigin({ shelf, ancestors: () => ['http://127.0.0.1:1'] });
    const { port } = new URL(apps.origin);
    const [odd, own] = await holdConnections(Number(port), 2);
    expect(await statusLineOn(odd!, 'http://[/app/x', `127.0.0.1:${port}`)).toBe('HTTP/1.1 404 Not Found');
    expect(await statusLineOn(own!, `/app/${id}`, `127.0.0.1:${port}`)).toBe('HTTP/1.1 200 OK');
    await releaseAll([odd!, own!]);
  });
});

describe('app origin: connections at its cap', () => {
  it('an opened app\'s kept-alive connection (its id shown) gives way only after those that asked for no app', async () => {
    const cap = 3;
    const shelf = new AppShelf();
    const id = shelf.put({ server: 'srv', uri: 'ui://srv/app', html: '<p>app</p>', declared: undefined, granted: [] });
    apps = await startAppOrigin({ shelf, ancestors: () => ['http://127.0.0.1:1'], maxConnections: cap });
    const { port } = new URL(apps.origin);
    const host = `127.0.0.1:${port}`;
    // The app's connection is the one idle longest: without trust it would be the first to go.
    const [frame] = await holdConnections(Number(port), 1);
    expect(await statusLineOn(frame!, `/app/${id}`, host)).toBe('HTTP/1.1 200 OK');
    const flood = await holdConnections(Number(port), cap - 1);
    for (const socket of flood) expect(await statusLineOn(socket, '/app/guess', host)).toBe('HTTP/1.1 404 Not Found');
    for (let round = 0; round < cap; round++) {
      const [next] = await holdConnections(Number(port), 1);
      expect(await statusLineOn(next!, '/app/guess', host)).toBe('HTTP/1.1 404 Not Found');
      flood.push(next!);
    }
    await Promise.all(flood.slice(0, cap).map((socket) => whenClosed(socket)));
    expect(await statusLineOn(frame!, `/app/${id}`, host)).toBe('HTTP/1.1 200 OK');
    await releaseAll([frame!, ...flood]);
  });
});
