import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveProtocolPath } from './protocol-path';

const ROOT = '/opt/app/dist/renderer';
const resolve = (url: string) => resolveProtocolPath(ROOT, url, path.posix);

describe('resolveProtocolPath', () => {
  it('maps our URLs to files under the root', () => {
    expect(resolve('app://connected-services/')).toBe(`${ROOT}/index.html`);
    expect(resolve('app://connected-services')).toBe(`${ROOT}/index.html`);
    expect(resolve('app://connected-services/index.html')).toBe(`${ROOT}/index.html`);
    expect(resolve('app://connected-services/assets/index-4f2a.js')).toBe(`${ROOT}/assets/index-4f2a.js`);
    // Query and fragment do not name files.
    expect(resolve('app://connected-services/assets/a.css?v=3#x')).toBe(`${ROOT}/assets/a.css`);
    expect(resolve('app://connected-services/fonts/Inter%20Var.woff2')).toBe(`${ROOT}/fonts/Inter Var.woff2`);
    expect(resolveProtocolPath(ROOT, new URL('app://connected-services/main.js'), path.posix)).toBe(`${ROOT}/main.js`);
  });

  it('never leaves the root, whatever the encoding', () => {
    for (const url of [
      'app://connected-services/../../etc/passwd',
      'app://connected-services/assets/../../../etc/passwd',
      'app://connected-services/%2e%2e/%2e%2e/etc/passwd',
      'app://connected-services/..%2f..%2fetc%2fpasswd',
      'app://connected-services/..%2F..%2Fetc%2Fpasswd',
      'app://connected-services/%2fetc%2fpasswd',
      'app://connected-services/..%5c..%5cwindows%5cwin.ini',
      'app://connected-services/assets%2f..%2f..%2fsecret',
      'app://connected-services/%252e%252e/x',
    ]) {
      const file = resolve(url);
      if (file !== null) expect(file.startsWith(`${ROOT}/`)).toBe(true);
    }
    expect(resolve('app://connected-services/..%2f..%2fetc%2fpasswd')).toBeNull();
    expect(resolve('app://connected-services/..%5c..%5cwindows%5cwin.ini')).toBeNull();
    expect(resolve('app://connected-services/%2fetc%2fpasswd')).toBeNull();
    // Folded by the URL parser to a path inside the root: harmless.
    expect(resolve('app://connected-services/%2e%2e/%2e%2e/etc/passwd')).toBe(`${ROOT}/etc/passwd`);
  });

  it('refuses dot segments, dotfiles, NUL, drive letters and empty segments', () => {
    expect(resolve('app://connected-services/.env')).toBeNull();
    expect(resolve('app://connected-services/assets/.hidden')).toBeNull();
    expect(resolve('app://connected-services/assets/.%2e/x')).toBe(`${ROOT}/x`);
    expect(resolve('app://connected-services/index.html%00.js')).toBeNull();
    expect(resolve('app://connected-services/C:/Windows/win.ini')).toBeNull();
    expect(resolve('app://connected-services/assets/')).toBeNull();
    expect(resolve('app://connected-services/a//b')).toBeNull();
    expect(resolve('app://connected-services/%E0%A4%A')).toBeNull();
  });

  it('refuses other schemes, hosts, ports, credentials and over-long URLs', () => {
    expect(resolve('file:///etc/passwd')).toBeNull();
    expect(resolve('https://connected-services/index.html')).toBeNull();
    expect(resolve('app://vault-passphrase/index.html')).toBeNull();
    expect(resolve('app://evil.example/index.html')).toBeNull();
    expect(resolve('app://connected-services:8080/index.html')).toBeNull();
    expect(resolve('app://user:pw@connected-services/index.html')).toBeNull();
    expect(resolve('not a url')).toBeNull();
    expect(resolve(`app://connected-services/${'a'.repeat(3000)}.js`)).toBeNull();
  });

  it('needs an absolute root and works with Windows paths', () => {
    expect(resolveProtocolPath('relative/root', 'app://connected-services/index.html', path.posix)).toBeNull();
    const win = 'C:\\Program Files\\Connected Services\\resources\\app.asar\\dist\\renderer';
    expect(resolveProtocolPath(win, 'app://connected-services/assets/a.js', path.win32)).toBe(`${win}\\assets\\a.js`);
    expect(resolveProtocolPath(win, 'app://connected-services/..%5c..%5cx', path.win32)).toBeNull();
    expect(resolveProtocolPath(win, 'app://connected-services/D:%5cx', path.win32)).toBeNull();
  });
});
