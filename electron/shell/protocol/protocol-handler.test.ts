import { describe, expect, it, vi } from 'vitest';
import { createProtocolHandler } from './protocol-handler';
import { DIALOG_CSP, RENDERER_CSP } from './content-security-policy';

const ROOT = '/srv/renderer';
const FILES: Record<string, string> = {
  [`${ROOT}/index.html`]: '<!doctype html><title>app</title>',
  [`${ROOT}/assets/app.js`]: 'console.log(1)',
  [`${ROOT}/notes.unknown`]: 'x',
};

function handler() {
  const readFile = vi.fn((file: string) => {
    const text = FILES[file];
    return text === undefined ? Promise.reject(new Error('ENOENT')) : Promise.resolve(new TextEncoder().encode(text));
  });
  const handle = createProtocolHandler({
    rendererRoot: ROOT,
    readFile,
    builtins: { 'vault-passphrase': { '/index.html': { type: 'text/html; charset=utf-8', body: '<p>pass</p>', csp: DIALOG_CSP } } },
  });
  return { handle, readFile };
}

describe('app:// protocol handler', () => {
  it('serves the renderer with its CSP and a content type', async () => {
    const { handle } = handler();
    const page = await handle(new Request('app://connected-services/'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>app</title>');
    const script = await handle(new Request('app://connected-services/assets/app.js'));
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  });

  it('answers 404 for traversal, unknown hosts, unknown types and missing files without reading outside', async () => {
    const { handle, readFile } = handler();
    for (const url of [
      'app://connected-services/..%2f..%2fetc%2fpasswd',
      'app://connected-services/.env',
      'app://other-host/index.html',
      'app://connected-services/notes.unknown',
      'app://connected-services/missing.js',
      'app://vault-passphrase/secret.js',
      'app://vault-passphrase/__proto__',
    ]) {
      expect((await handle(new Request(url))).status, url).toBe(404);
    }
    for (const [file] of readFile.mock.calls) expect(file.startsWith(`${ROOT}/`)).toBe(true);
  });

  it('serves the shell pages on their own host with their own CSP', async () => {
    const { handle, readFile } = handler();
    const page = await handle(new Request('app://vault-passphrase/'));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(DIALOG_CSP);
    expect(await page.text()).toBe('<p>pass</p>');
    expect(readFile).not.toHaveBeenCalled();
  });

  it('accepts GET and HEAD only', async () => {
    const { handle } = handler();
    expect((await handle(new Request('app://connected-services/index.html', { method: 'POST', body: 'x' }))).status).toBe(405);
    const head = await handle(new Request('app://connected-services/index.html', { method: 'HEAD' }));
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
  });
});
