import { describe, expect, it } from 'vitest';
import { AppsHost } from '../../app';
import { RENDERER_ORIGIN } from '../app-identity';
import { APP_FRAME_ORIGIN, APP_FRAME_SCHEME, APP_FRAME_SCHEME_DEFINITION, serveAppFrames, type AppFrameSession } from './app-frames';
import { APP_SCHEME_DEFINITION } from './scheme-privileges';

/** A session's protocol table, as Electron keeps it. */
function fakeSession(): AppFrameSession & { handlers: Map<string, (request: Request) => Promise<Response>> } {
  const handlers = new Map<string, (request: Request) => Promise<Response>>();
  return { handlers, protocol: { handle: (scheme, handler) => void handlers.set(scheme, handler), unhandle: (scheme) => void handlers.delete(scheme) } };
}

const framed = { headers: { 'sec-fetch-dest': 'iframe' } };

describe('MCP Apps in the desktop shell', () => {
  it('is a scheme of its own, not the renderer’s, that never bypasses CSP', () => {
    expect(APP_FRAME_SCHEME_DEFINITION.scheme).not.toBe(APP_SCHEME_DEFINITION.scheme);
    expect(APP_FRAME_ORIGIN).not.toBe(RENDERER_ORIGIN);
    expect(APP_FRAME_SCHEME_DEFINITION.privileges).toMatchObject({ standard: true, secure: true, bypassCSP: false, allowServiceWorkers: false, supportFetchAPI: false });
  });

  it('serves an opened app’s document on its scheme, framed only by the renderer, until the shell stops', async () => {
    const session = fakeSession();
    const apps = new AppsHost();
    const stop = serveAppFrames(session, apps);
    const handler = session.handlers.get(APP_FRAME_SCHEME);
    if (!handler) throw new Error('the scheme was not served');
    const id = apps.shelf.put({ server: 'maps', uri: 'ui://maps/app.html', html: '<p>map</p>', declared: { connectDomains: ['https://tiles.example.com'] }, granted: ['camera'] });
    const address = apps.addressOf(id);
    expect(address).toBe(`cs-app://apps/app/${id}`);

    const served = await handler(new Request(address, framed));
    expect(served.status).toBe(200);
    expect(await served.text()).toBe('<p>map</p>');
    const csp = served.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('connect-src https://tiles.example.com');
    expect(csp).toContain(`frame-ancestors ${RENDERER_ORIGIN}`);
    expect(csp).toContain('sandbox allow-scripts');
    expect(served.headers.get('permissions-policy')).toContain('camera=(self)');

    expect((await handler(new Request(address))).status).toBe(200);
    expect((await handler(new Request(address, { headers: { 'sec-fetch-dest': 'document' } }))).status).toBe(403);
    expect((await handler(new Request(address, { method: 'POST', body: 'x' }))).status).toBe(405);
    expect((await handler(new Request(`cs-app://apps/app/${'A'.repeat(43)}`, framed))).status).toBe(404);
    expect((await handler(new Request(`cs-app://other/app/${id}`, framed))).status).toBe(404);
    apps.shelf.drop(id);
    expect((await handler(new Request(address, framed))).status).toBe(404);

    stop();
    expect(session.handlers.has(APP_FRAME_SCHEME)).toBe(false);
    expect(() => apps.addressOf(id)).toThrow(/shown only by the running app/);
  });
});
