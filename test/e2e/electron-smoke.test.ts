import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { _electron, type ElectronApplication } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { API_METHODS } from '../../shared/api';
import type { TrayModel } from '../../electron/shell/tray/tray-model';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The binary `npm install electron` downloads (node_modules/electron/index.js reads the same file). */
function electronBinary(): { path: string } | { reason: string } {
  const pathFile = path.join(ROOT, 'node_modules', 'electron', 'path.txt');
  if (!existsSync(pathFile)) return { reason: 'the Electron binary is not installed (node_modules/electron/path.txt is missing; its download did not run)' };
  const binary = path.join(ROOT, 'node_modules', 'electron', 'dist', readFileSync(pathFile, 'utf8').trim());
  if (!existsSync(binary)) return { reason: `the Electron binary ${binary} is missing` };
  if (process.platform === 'linux' && !process.env['DISPLAY'] && !process.env['WAYLAND_DISPLAY']) {
    return { reason: 'there is no display (DISPLAY and WAYLAND_DISPLAY are unset); run the tests under xvfb-run' };
  }
  return { path: binary };
}

const binary = electronBinary();
if ('reason' in binary) console.log(`electron-smoke.test.ts skipped: ${binary.reason}`);

interface PageApi {
  connectedServices: Record<string, unknown> & { status(): Promise<{ dataDir: string }> };
}

describe.skipIf('reason' in binary)('desktop app (Electron) smoke test', () => {
  let app: ElectronApplication | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('opens the window on an isolated data folder, shows the catalog, exposes only the contract and keeps the tray model', async () => {
    if ('reason' in binary) return;
    const home = path.join(mkdtempSync(path.join(tmpdir(), 'cs-electron-smoke-')), 'home');
    const trayFile = path.join(home, '..', 'tray.json');
    app = await _electron.launch({
      executablePath: binary.path,
      // Chromium refuses its sandbox as root (CI containers) unless told.
      args: [ROOT, ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      env: {
        ...process.env,
        CONNECTED_SERVICES_HOME: home,
        CONNECTED_SERVICES_TEST_TRAY_FILE: trayFile,
        // No keychain in CI: the vault takes the passphrase from the environment instead of the dialog.
        CONNECTED_SERVICES_PASSPHRASE: 'electron-smoke-test-passphrase',
      },
      timeout: 30_000,
    });
    const page = await app.firstWindow();
    expect(page.url()).toMatch(/^app:\/\/connected-services\//);

    // The catalog lists the demo servers written on first run.
    await page.getByText('everything').first().waitFor({ timeout: 20_000 });

    const exposed = await page.evaluate(() => {
      const api = (window as unknown as PageApi).connectedServices;
      const global = globalThis as Record<string, unknown>;
      return { keys: Object.keys(api).sort(), node: ['require', 'process', 'ipcRenderer', 'module', 'Buffer'].filter((name) => name in global) };
    });
    expect(exposed.keys).toEqual([...Object.keys(API_METHODS), 'on'].sort());
    expect(exposed.node).toEqual([]);
    const status = await page.evaluate(() => (window as unknown as PageApi).connectedServices.status());
    expect(status.dataDir).toBe(home);

    // Permission requests are denied by the session (the page asks; nobody is shown a prompt).
    expect(await page.evaluate(() => Notification.requestPermission())).toBe('denied');
    expect(await page.evaluate(async () => (await navigator.permissions.query({ name: 'geolocation' })).state)).toBe('denied');
    // One window, on our protocol (never file:// nor http://).
    const windows = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows().map((w) => w.webContents.getURL()));
    expect(windows).toHaveLength(1);
    expect(windows[0]).toMatch(/^app:\/\/connected-services\//);

    // Navigation away is refused; the page stays ours.
    await page.evaluate(() => {
      window.location.href = 'https://example.com/';
    });
    await page.waitForTimeout(500);
    expect(page.url()).toMatch(/^app:\/\/connected-services\//);

    await expect.poll(() => existsSync(trayFile), { timeout: 15_000 }).toBe(true);
    const tray = JSON.parse(readFileSync(trayFile, 'utf8')) as TrayModel;
    expect(['ok', 'attention', 'error']).toContain(tray.icon);
    expect(tray.tooltip.startsWith('Connected Services\n')).toBe(true);
    const labels = tray.items.flatMap((item) => (item.kind === 'separator' ? [] : [item.label]));
    expect(labels).toEqual(expect.arrayContaining(['Open Connected Services', 'Quit', 'Copy bridge address', 'Pause all agent calls']));
    expect(labels.some((label) => label.startsWith('everything — '))).toBe(true);

    await app.close();
    app = undefined;
    // A graceful quit removed the runtime file the CLI finds the app by.
    expect(existsSync(path.join(home, 'runtime.json'))).toBe(false);
  }, 90_000);
});
