import type { CustomScheme } from 'electron';
import type { AppsHost } from '../../app';
import { appCsp, appPermissionsPolicy, declaredSources, withinSources, type AppPermission, type AppShelf } from '../../mcp-apps';
import { RENDERER_ORIGIN } from '../app-identity';

/**
 * MCP Apps in the desktop app live on a scheme of their own (SEP-1865 §security: never the host's
 * origin): `cs-app://apps/app/<id>`, a different origin from the renderer's app://, and sandboxed by
 * its CSP and the frame's `sandbox` besides. Only the renderer may frame it.
 */
export const APP_FRAME_SCHEME = 'cs-app';
export const APP_FRAME_ORIGIN = `${APP_FRAME_SCHEME}://apps`;

/** Standard and secure (an origin of its own, secure-context APIs); no fetch, no CORS, no service workers, CSP never bypassed. */
export const APP_FRAME_SCHEME_DEFINITION: CustomScheme = {
  scheme: APP_FRAME_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: false, corsEnabled: false, codeCache: false, bypassCSP: false, allowServiceWorkers: false, stream: false },
};

const ID = /^\/app\/([A-Za-z0-9_-]{43})$/;

function refuse(status: number, text: string): Response {
  return new Response(text, { status, headers: { 'content-type': 'text/plain; charset=utf-8', 'content-security-policy': "default-src 'none'", 'x-content-type-options': 'nosniff' } });
}

/**
 * The scheme's handler: an opened app's document from the shelf, by its unguessable id, with the
 * policy the web mode's app origin gives it (electron/web/app-origin.ts). appCsp keeps only http(s)
 * ancestors, so the renderer's app:// origin is named here, in our own code, never from a server.
 */
export function createAppFrameHandler(shelf: AppShelf): (request: Request) => Promise<Response> {
  return (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return Promise.resolve(refuse(405, 'Apps are only read'));
    const url = URL.parse(request.url);
    if (!url || url.host !== 'apps') return Promise.resolve(refuse(404, 'Not found'));
    const dest = request.headers.get('sec-fetch-dest');
    if (dest !== null && dest !== 'iframe') return Promise.resolve(refuse(403, 'An app opens only inside Connected Services'));
    const id = ID.exec(url.pathname)?.[1];
    const document = id === undefined ? undefined : shelf.get(id);
    if (!document) return Promise.resolve(refuse(404, 'No such app (it was closed or has expired)'));
    const csp = appCsp(document.declared, []).replace("frame-ancestors 'none'", `frame-ancestors ${RENDERER_ORIGIN}`);
    return Promise.resolve(
      new Response(request.method === 'HEAD' ? null : document.html, {
        status: 200,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          'content-security-policy': csp,
          'permissions-policy': appPermissionsPolicy(document.granted),
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
          'cache-control': 'no-store',
        },
      }),
    );
  };
}

/** The id of the open app whose document `url` is, or undefined for any other address. */
export function appIdAt(url: string): string | undefined {
  const parsed = URL.parse(url);
  if (!parsed || parsed.protocol !== `${APP_FRAME_SCHEME}:` || parsed.host !== 'apps') return undefined;
  return ID.exec(parsed.pathname)?.[1];
}

/** What the app whose document `url` is was granted (its id's grants), or undefined for any other URL. */
export function appGrantsAt(shelf: AppShelf, url: string): readonly AppPermission[] | undefined {
  const parsed = URL.parse(url);
  if (!parsed || parsed.protocol !== `${APP_FRAME_SCHEME}:` || parsed.host !== 'apps') return undefined;
  const id = ID.exec(parsed.pathname)?.[1];
  return id === undefined ? undefined : shelf.get(id)?.granted;
}

/** Whether `url` is an origin some open app declared (its connect, resource or frame domains). */
export function appDeclaredAt(shelf: AppShelf, url: string): boolean {
  return shelf.documents().some((document) => withinSources(url, declaredSources(document.declared)));
}

/** What of Electron's Session this needs (a fake in tests). */
export interface AppFrameSession {
  protocol: { handle(scheme: string, handler: (request: Request) => Promise<Response>): void; unhandle(scheme: string): void };
}

/** Serves the scheme in the window's session and tells the core where apps are shown; returns the undo. */
export function serveAppFrames(session: AppFrameSession, apps: AppsHost): () => void {
  session.protocol.handle(APP_FRAME_SCHEME, createAppFrameHandler(apps.shelf));
  apps.setOrigin(APP_FRAME_ORIGIN);
  return () => {
    apps.setOrigin(undefined);
    session.protocol.unhandle(APP_FRAME_SCHEME);
  };
}
