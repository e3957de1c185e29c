import { app, BrowserWindow, shell } from 'electron';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { createCore, packageRoot, type Core } from '../app';

import { defaultDataDir } from '../registry';
import { startWebServer, type WebServer } from '../web';

// A minimal window on the same core and web UI as `serve`; the hardened shell (custom protocol,
// preload, tray) is built on top of this entry.
let core: Core | undefined;
let web: WebServer | undefined;

async function openWindow(): Promise<void> {
  const dataDir = defaultDataDir({ env: process.env, platform: process.platform, homeDir: homedir() });
  core = await createCore({ dataDir, watch: true, warmUp: true });
  web = await startWebServer({ api: core.api, port: 0, staticDir: join(packageRoot(), 'dist', 'renderer') });
  const window = new BrowserWindow({
    width: 1100,
    height: 760,
    title: 'Connected Services',
    webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false },
  });
  const origin = web.origin;
  window.webContents.on('will-navigate', (event, url) => {
    if (!url.startsWith(origin)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (url.startsWith('https://')) void shell.openExternal(url);
    return { action: 'deny' };
  });
  await window.loadURL(web.url);
}

if (!app.requestSingleInstanceLock()) app.quit();
else {
  app.on('window-all-closed', () => app.quit());
  app.on('will-quit', (event) => {
    if (!core) return;
    event.preventDefault();
    const closing = core;
    core = undefined;
    void Promise.all([web?.close(), closing.close()]).finally(() => app.exit(0));
  });
  app
    .whenReady()
    .then(openWindow)
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      app.exit(1);
    });
}
