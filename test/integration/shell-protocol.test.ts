import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PASSPHRASE_PAGES } from '../../electron/shell/passphrase/passphrase-page';
import { RENDERER_CSP } from '../../electron/shell/protocol/content-security-policy';
import { createProtocolHandler } from '../../electron/shell/protocol/protocol-handler';

/** The app:// handler over real files: a built renderer folder with a secret beside it. */
function fixture() {
  const base = mkdtempSync(join(tmpdir(), 'cs-shell-protocol-'));
  const root = join(base, 'renderer');
  mkdirSync(join(root, 'assets'), { recursive: true });
  writeFileSync(join(root, 'index.html'), '<!doctype html><script type="module" src="/assets/app.js"></script>');
  writeFileSync(join(root, 'assets', 'app.js'), 'export {}');
  writeFileSync(join(base, 'secret.txt'), 'do-not-serve');
  writeFileSync(join(base, 'vault.enc'), 'sealed');
  const handle = createProtocolHandler({ rendererRoot: root, readFile: (file) => readFile(file), builtins: PASSPHRASE_PAGES });
  return { handle };
}

describe('app:// protocol over real files', () => {
  it('serves the renderer with the CSP and nothing beside it', async () => {
    const { handle } = fixture();
    const index = await handle(new Request('app://connected-services/'));
    expect(index.status).toBe(200);
    expect(index.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(await index.text()).toContain('/assets/app.js');
    expect((await handle(new Request('app://connected-services/assets/app.js'))).headers.get('content-type')).toBe('text/javascript; charset=utf-8');

    for (const url of [
      'app://connected-services/../secret.txt',
      'app://connected-services/..%2fsecret.txt',
      'app://connected-services/assets/..%2f..%2fsecret.txt',
      'app://connected-services/%2e%2e/vault.enc',
      'app://connected-services/assets',
      'app://connected-services/assets/',
    ]) {
      const response = await handle(new Request(url));
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toMatch(/do-not-serve|sealed/);
    }
  });

  it('serves the passphrase dialog from memory on its own origin', async () => {
    const { handle } = fixture();
    const page = await handle(new Request('app://vault-passphrase/index.html?mode=create'));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('src="/dialog.js"');
    expect(html).not.toMatch(/<script>(?!<)/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect((await handle(new Request('app://vault-passphrase/dialog.js'))).status).toBe(200);
    expect((await handle(new Request('app://vault-passphrase/../connected-services/index.html'))).status).toBe(404);
  });
});
