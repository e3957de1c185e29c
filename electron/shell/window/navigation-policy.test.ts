import { describe, expect, it } from 'vitest';
import { navigationDecision, requestAllowed, requestFromApp } from './navigation-policy';
import { permissionAllowed } from './permission-policy';
import { AppShelf } from '../../mcp-apps';
import { appDeclaredAt, appGrantsAt } from '../protocol/app-frames';

describe('navigationDecision', () => {
  it('stays within our origin', () => {
    expect(navigationDecision('app://connected-services/index.html#/services/github')).toEqual({ action: 'allow' });
    expect(navigationDecision('app://connected-services/')).toEqual({ action: 'allow' });
  });

  it('sends validated https links to the system browser', () => {
    expect(navigationDecision('https://docs.example.com/mcp?x=1')).toEqual({ action: 'external', url: 'https://docs.example.com/mcp?x=1' });
    expect(navigationDecision('http://127.0.0.1:8080/device')).toEqual({ action: 'external', url: 'http://127.0.0.1:8080/device' });
  });

  it('goes nowhere else', () => {
    for (const url of [
      'file:///etc/passwd',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'http://example.com/',
      'https://user:pw@example.com/',
      'https://169.254.169.254/latest/meta-data',
      'app://vault-passphrase/index.html',
      'app://evil/index.html',
      'connected-services://service/x',
      'smb://server/share',
      'ms-msdt:/id PCWDiagnostic',
      'not a url',
    ]) {
      expect(navigationDecision(url), url).toEqual({ action: 'deny' });
    }
  });

  it('uses the given host for the passphrase window', () => {
    expect(navigationDecision('app://vault-passphrase/index.html', 'vault-passphrase')).toEqual({ action: 'allow' });
    expect(navigationDecision('app://connected-services/index.html', 'vault-passphrase')).toEqual({ action: 'deny' });
  });
});

describe('requestAllowed', () => {
  it('lets our pages load from app:// and data: only', () => {
    const off = { devTools: false };
    expect(requestAllowed('app://connected-services/assets/a.js', off)).toBe(true);
    expect(requestAllowed('app://vault-passphrase/dialog.js', off)).toBe(true);
    expect(requestAllowed('data:image/png;base64,AAAA', off)).toBe(true);
    expect(requestAllowed('blob:app://connected-services/8c1f', off)).toBe(true);
    for (const url of ['https://example.com/x.js', 'http://127.0.0.1:47780/api/status', 'ws://127.0.0.1:1/', 'file:///etc/passwd', 'app://other/x', 'blob:https://evil/1', 'devtools://devtools/bundled/x']) {
      expect(requestAllowed(url, off), url).toBe(false);
    }
    expect(requestAllowed('devtools://devtools/bundled/x', { devTools: true })).toBe(true);
  });

  it('lets an opened MCP App’s document load from its own scheme, and nothing else of that scheme', () => {
    const off = { devTools: false };
    expect(requestAllowed(`cs-app://apps/app/${'a'.repeat(43)}`, off)).toBe(true);
    expect(requestAllowed('cs-app://other/app/x', off)).toBe(false);
  });
});

describe('requestAllowed for open MCP Apps', () => {
  it('lets through what an open app declared, only while it is open', () => {
    const shelf = new AppShelf();
    const id = shelf.put({ server: 'maps', uri: 'ui://maps/view', html: '<p>map</p>', declared: { connectDomains: ['https://tiles.example.com'], resourceDomains: ['https://*.cdn.example'] }, granted: [] });
    const options = { devTools: false, fromApp: true, appDeclared: (url: string) => appDeclaredAt(shelf, url) };
    expect(requestAllowed('https://tiles.example.com/1/2/3.png', options)).toBe(true);
    expect(requestAllowed('https://js.cdn.example/cesium.js', options)).toBe(true);
    for (const url of ['https://evil.example/x', 'http://tiles.example.com/1.png', 'https://cdn.example/x.js', 'file:///etc/passwd']) expect(requestAllowed(url, options), url).toBe(false);
    // Our own pages never reach what an app declared, whatever their CSP says.
    expect(requestAllowed('https://tiles.example.com/1/2/3.png', { ...options, fromApp: false })).toBe(false);
    shelf.drop(id);
    expect(requestAllowed('https://tiles.example.com/1/2/3.png', options)).toBe(false);
  });

  it('knows a request from an app frame, or a frame an app embeds, from one of our pages', () => {
    const main = { url: 'app://connected-services/index.html', parent: null };
    const app = { url: `cs-app://apps/app/${'a'.repeat(43)}`, parent: main };
    const embedded = { url: 'https://maps.example.com/embed', parent: app };
    expect(requestFromApp(app, '')).toBe(true);
    expect(requestFromApp(embedded, '')).toBe(true);
    expect(requestFromApp(main, `cs-app://apps/app/x`)).toBe(false);
    expect(requestFromApp({ url: 'cs-app://other/app/x', parent: main }, '')).toBe(false);
    // No frame (destroyed, or a worker): the referrer says where it came from.
    expect(requestFromApp(null, `cs-app://apps/app/${'a'.repeat(43)}`)).toBe(true);
    expect(requestFromApp(undefined, 'app://connected-services/index.html')).toBe(false);
    expect(requestFromApp(null, '')).toBe(false);
    expect(requestFromApp(undefined, undefined)).toBe(false);
    // A frame disposed meanwhile throws on being read: the referrer decides, and nothing throws.
    const disposed = { get url(): string { throw new Error('Render frame was disposed before WebFrameMain could be accessed'); }, parent: null };
    expect(requestFromApp(disposed, `cs-app://apps/app/${'a'.repeat(43)}`)).toBe(true);
    expect(requestFromApp(disposed, 'app://connected-services/index.html')).toBe(false);
  });
});

describe('permissionAllowed', () => {
  const at = (url: string | undefined) => ({ url });
  it('denies everything but a sanitized clipboard write from the renderer', () => {
    expect(permissionAllowed('clipboard-sanitized-write', at('app://connected-services/'))).toBe(true);
    expect(permissionAllowed('clipboard-sanitized-write', at('app://vault-passphrase/'))).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', at('https://example.com/'))).toBe(false);
    expect(permissionAllowed('clipboard-sanitized-write', at(undefined))).toBe(false);
    for (const permission of ['clipboard-read', 'media', 'notifications', 'geolocation', 'openExternal', 'hid', 'serial', 'usb', 'fullscreen', 'pointerLock']) {
      expect(permissionAllowed(permission, at('app://connected-services/')), permission).toBe(false);
    }
  });

  it("gives an opened app's frame what the person allowed its server, and nothing else", () => {
    const shelf = new AppShelf();
    const camera = shelf.put({ server: 'maps', uri: 'ui://maps/view', html: '<p>map</p>', declared: undefined, granted: ['camera', 'geolocation'] });
    const none = shelf.put({ server: 'notes', uri: 'ui://notes/view', html: '<p>notes</p>', declared: undefined, granted: [] });
    const grants = (url: string) => appGrantsAt(shelf, url);
    const app = (id: string, mediaTypes?: string[]) => ({ url: `cs-app://apps/app/${id}`, appGrantsAt: grants, ...(mediaTypes ? { mediaTypes } : {}) });
    expect(permissionAllowed('media', app(camera, ['video']))).toBe(true);
    expect(permissionAllowed('media', app(camera, ['video', 'audio']))).toBe(false);
    expect(permissionAllowed('media', app(camera))).toBe(false);
    expect(permissionAllowed('geolocation', app(camera))).toBe(true);
    expect(permissionAllowed('clipboard-sanitized-write', app(camera))).toBe(false);
    for (const permission of ['media', 'geolocation', 'clipboard-sanitized-write', 'notifications', 'clipboard-read']) {
      expect(permissionAllowed(permission, app(none, ['video'])), permission).toBe(false);
    }
    // Another address, an unknown id, or a closed app: nothing.
    expect(permissionAllowed('media', { url: `cs-app://other/app/${camera}`, appGrantsAt: grants, mediaTypes: ['video'] })).toBe(false);
    expect(permissionAllowed('media', app('x'.repeat(43), ['video']))).toBe(false);
    shelf.drop(camera);
    expect(permissionAllowed('media', app(camera, ['video']))).toBe(false);
  });
});
