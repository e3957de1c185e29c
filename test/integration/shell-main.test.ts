import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/cli';
import { freePort } from '../support/ports';
import { runShellDriver, SHELL_MAIN as MAIN } from '../support/shell-driver';

/** Runs shell-main-driver.ts against the bundled main with a stand-in `electron`; returns what it printed. */
async function drive(): Promise<Record<string, unknown>> {
  const home = path.join(mkdtempSync(path.join(tmpdir(), 'cs-shell-main-')), 'home');
  mkdirSync(home, { recursive: true, mode: 0o700 });
  // Its own bridge port: the default one may be taken by the person's app or another test.
  writeFileSync(path.join(home, 'mcp.json'), JSON.stringify({ mcpServers: {}, settings: { bridgePort: await freePort() } }), { mode: 0o600 });
  const { printed } = await runShellDriver('test/integration/shell-main-driver.ts', home, {
    CONNECTED_SERVICES_PASSPHRASE: 'shell-main-test-passphrase',
    CONNECTED_SERVICES_TEST_TRAY_FILE: path.join(home, '..', 'tray.json'),
  });
  return printed;
}

describe('the bundled desktop main process, on a stand-in electron module', () => {
  it('boots hardened, serves app://, answers only its window, keeps the tray, follows deep links and quits gracefully', async () => {
    expect(existsSync(MAIN)).toBe(true);
    const seen = await drive();

    expect(seen['registered']).toEqual(expect.arrayContaining(['app.setPath', 'app.enableSandbox', 'protocol.registerSchemesAsPrivileged']));
    expect(seen['window']).toMatchObject({
      url: 'app://connected-services/index.html',
      shown: true,
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true, preload: path.join(ROOT, 'dist', 'shell-preload.cjs') },
    });
    // The window's contents, whose frames the MCP Apps are: WebRTC sends no UDP but through a proxy (set by app-events and hardenContents).
    expect(seen['webrtcPolicies']).toEqual(expect.arrayContaining(['disable_non_proxied_udp']));
    expect(new Set(seen['webrtcPolicies'] as string[])).toEqual(new Set(['disable_non_proxied_udp']));
    expect(seen['protocol']).toMatchObject({ status: 200, traversal: 404 });
    expect(String((seen['protocol'] as { csp: string }).csp)).toContain("default-src 'none'");

    expect(seen['status']).toMatchObject({ ok: true, result: { dataDir: expect.stringContaining('home') as unknown } });
    expect(seen['iframe']).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(seen['otherContents']).toMatchObject({ ok: false, error: { code: 'denied' } });
    expect(seen['invalid']).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(seen['added']).toEqual({ ok: true, result: { ok: true } });
    expect(seen['agent']).toMatchObject({ ok: true });
    expect(seen['events']).toContainEqual({ seq: expect.any(Number) as unknown, event: 'agentsChanged', payload: {} });
    // Nothing to a top frame on another origin; the page says how far it read; a crashed page is loaded again.
    expect(seen['foreignAgent']).toMatchObject({ ok: true });
    expect(seen['eventsToOtherOrigin']).toBe(0);
    expect(seen['readChannel']).toBe('function');
    expect(seen['reloadedAfterCrash']).toBe(1);

    expect(seen['permission']).toEqual({ media: false, clipboardWrite: true });
    expect(seen['requests']).toEqual({ https: { cancel: true }, app: { cancel: false } });
    expect(seen['navigation']).toEqual({ https: true, file: true, own: false });
    // Neither a navigation nor a new window hands a link to the browser: only openLink, from the window.
    expect(seen['windowOpen']).toEqual({ action: 'deny' });
    expect(seen['openLink']).toMatchObject({ iframe: { ok: false, error: { code: 'denied' } }, local: { ok: false, error: { code: 'denied' } }, own: { ok: true } });
    expect(seen['opened']).toEqual(['http://127.0.0.1:5000/device']);

    const tray = seen['tray'] as { tooltip: string; labels: string[] };
    expect(tray.tooltip).toContain('1 command to approve');
    expect(tray.labels).toEqual(expect.arrayContaining(['reference — pending approval of its command', 'Pause all agent calls', 'Quit']));
    expect(seen['bridgeAfterPause']).toMatchObject({ ok: true, result: { running: true, paused: true } });
    expect(seen['trayFile']).toBe(true);

    // The hostile link opened nothing; the same link twice navigated once (no reload).
    expect(seen['deepLinks']).toEqual(['app://connected-services/index.html#/services/reference']);

    // A collection once the last server stopped (before, the desktop app ran none).
    expect(seen['briefCall']).toMatchObject({ ok: false });
    expect(seen['collectionsAfterServersStopped']).toBeGreaterThanOrEqual(1);
    expect(seen['runtimeBeforeQuit']).toBe(true);
    expect(seen['exitCode']).toBe(0);
    expect(seen['runtimeAfterQuit']).toBe(false);
    // The MCP Apps scheme goes before the core closes, app:// last (electron/shell/shell-state.ts, the stop order).
    expect(seen['unregistered']).toEqual(['ipcMain.removeListener cs:event-read', 'ipcMain.removeHandler cs:call', 'ipcMain.removeHandler cs:passphrase', 'protocol.unhandle cs-app', 'protocol.unhandle app']);
  }, 30_000);
});
