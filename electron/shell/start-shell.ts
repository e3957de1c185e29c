import { app, clipboard, dialog, ipcMain, Menu, session, shell } from 'electron';
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { isCodedError } from '../../shared/errors';
import { redact } from '../../shared/redact';
import { createCore, writeRuntimeFile, type Core } from '../app';
import { createUtilityKeychainRunner } from './keychain/keychain-runner';
import { utilityFork } from './keychain/utility-fork';
import { VAULT_FILE_NAME } from '../vault';
import { startWebServer } from '../web';
import { DEEP_LINK_SCHEME, PRODUCT_NAME } from './app-identity';
import { appMenuTemplate } from './app-menu';
import { shellCoreOptions } from './core-options';
import { deepLinkFromArgv, parseDeepLink } from './deep-link/deep-link';
import { iconImage } from './tray/tray-icons';
import { createCallHandler } from './ipc/call-handler';
import { registerCallChannel } from './ipc/ipc-adapter';
import { forwardApiEvents } from './ipc/event-forwarder';
import { applyLoginItem } from './login-item/apply-login-item';
import { loginItemPlan, loginLaunch, startHidden } from './login-item/login-item';
import { readShellSettings, writeShellSettings, type ShellSettings } from './login-item/settings-file';
import { startNotifier } from './notifications/notifier';
import type { ShellRoute } from './notifications/screen-routes';
import { electronOpener } from './opener';
import { createPassphraseDialog } from './passphrase/passphrase-dialog';
import { PASSPHRASE_PAGES } from './passphrase/passphrase-page';
import { createProtocolHandler } from './protocol/protocol-handler';
import { serveAppScheme } from './protocol/register-protocol';
import type { ShellPaths } from './shell-paths';
import { createShutdown, type ShutdownStep } from './shutdown';
import { trayModelSink } from './test-hooks';
import { createTrayController, type TrayController } from './tray/tray-controller';
import type { TrayAction } from './tray/tray-model';
import { hardenSession } from './window/harden-session';
import { MainWindow } from './window/main-window';

export interface ShellContext {
  dataDir: string;
  paths: ShellPaths;
}

/** Stop being reachable first (notifications, tray, IPC, the CLI's door), then stop servers and flush the vault. */
const STOP_ORDER = [
  'notifications',
  'tray',
  'App API events',
  'App API over IPC',
  'passphrase dialog',
  'runtime file',
  'web server',
  'window',
  'core (servers, bridge, vault)',
  'app:// protocol',
] as const;

const log = (line: string): void => console.error(redact(`[connected-services] ${line}`));
const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * The desktop app after the single-instance lock: wires app events now, and builds everything else
 * (protocol, core, window, tray, notifications) once Electron is ready.
 */
export function startShell(context: ShellContext): void {
  const devTools = !app.isPackaged;
  const opener = electronOpener((url) => shell.openExternal(url));
  const icon = iconImage(64, 'none');
  const window = new MainWindow({ preloadPath: context.paths.preload, devTools, icon, opener, log });
  // What quitting undoes, filled in as boot gets there; run in STOP_ORDER.
  const stop: Partial<Record<(typeof STOP_ORDER)[number], () => Promise<void> | void>> = {};
  let ready = false;
  // Asked for before the window could exist (a second launch, a deep link): honoured once it can.
  let pendingShow: { route: ShellRoute | undefined } | undefined;
  let core: Core | undefined;
  let tray: TrayController | undefined;
  let settings: ShellSettings = { openAtLogin: false };

  const show = (route?: ShellRoute): void => {
    if (ready) window.show(route);
    else pendingShow = { route: route ?? pendingShow?.route };
  };

  const run = (action: TrayAction): void => {
    switch (action.type) {
      case 'open':
        show(action.route);
        return;
      case 'reauthorize':
        show({ screen: 'service', server: action.server });
        core?.api.connect({ name: action.server }).catch((error: unknown) => log(`re-authorizing ${action.server} failed: ${message(error)}`));
        return;
      case 'copy-bridge-address':
        clipboard.writeText(action.url);
        return;
      case 'set-bridge-paused':
        // Through the App API, so the window (bridgeChanged) and the tray hear of it as from the CLI.
        core?.api.setBridgePaused({ paused: action.paused }).catch((error: unknown) => log(`pausing the bridge failed: ${message(error)}`));
        return;
      case 'set-open-at-login':
        settings = { ...settings, openAtLogin: action.enabled };
        void setOpenAtLogin(action.enabled);
        tray?.refresh();
        return;
      case 'quit':
        app.quit();
        return;
    }
  };

  async function setOpenAtLogin(enabled: boolean): Promise<void> {
    try {
      await writeShellSettings(context.dataDir, { ...settings, openAtLogin: enabled });
      const launch = loginLaunch({ execPath: process.execPath, appPath: app.getAppPath(), isPackaged: app.isPackaged, env: process.env });
      await applyLoginItem(loginItemPlan(enabled, { platform: process.platform, launch, homeDir: homedir(), env: process.env }));
    } catch (error) {
      log(`changing "Start at login" failed: ${message(error)}`);
    }
  }

  async function boot(): Promise<void> {
    Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(process.platform, { devTools })));
    hardenSession(session.defaultSession, { devTools, log });
    stop['app:// protocol'] = serveAppScheme(
      session.defaultSession,
      createProtocolHandler({ rendererRoot: context.paths.rendererRoot, readFile: (file) => readFile(file), builtins: PASSPHRASE_PAGES }),
    );
    if (app.isPackaged && !app.isDefaultProtocolClient(DEEP_LINK_SCHEME)) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);

    settings = await readShellSettings(context.dataDir);
    // Re-applied at each start so the login item follows the app when it moves (a new AppImage).
    if (settings.openAtLogin) await setOpenAtLogin(true);

    const passphrase = createPassphraseDialog({
      preloadPath: context.paths.passphrasePreload,
      vaultFile: path.join(context.dataDir, VAULT_FILE_NAME),
      icon,
      opener,
      log,
    });
    stop['passphrase dialog'] = () => passphrase.close();
    const keychainRunner = createUtilityKeychainRunner({ fork: utilityFork, entryPath: context.paths.keychainHelper, env: process.env });
    const opened = await createCore(
      shellCoreOptions({ dataDir: context.dataDir, isPackaged: app.isPackaged, opener, passphrasePrompt: () => passphrase.prompt(), log, keychainRunner }),
    );
    core = opened;

    const handler = createCallHandler({ door: opened.door, isOurContents: (id) => id === window.contentsId, log });
    stop['core (servers, bridge, vault)'] = () => opened.close();
    stop['App API over IPC'] = registerCallChannel(ipcMain, handler);
    stop['App API events'] = forwardApiEvents(opened.api, (m) => window.send(m));

    // The CLI reaches the running app (approvals, agents) over the same HTTP API as `serve`, with its
    // own credential: what it asks that widens access waits for the person here.
    const web = await startWebServer({ api: opened.api, door: opened.door, port: 0, staticDir: context.paths.rendererRoot, log });
    const removeRuntime = await writeRuntimeFile(context.dataDir, {
      pid: process.pid,
      origin: web.origin,
      secret: web.cliSecret,
      bridge: opened.bridge?.url ?? null,
      startedAt: Date.now(),
    });
    stop['runtime file'] = removeRuntime;
    stop['web server'] = () => web.close();

    const trayController = createTrayController({
      api: opened.api,
      preferences: () => ({ openAtLogin: settings.openAtLogin }),
      run,
      log,
      ...withSink(trayModelSink(process.env, app.isPackaged)),
    });
    tray = trayController;
    stop.tray = () => trayController.destroy();
    stop.notifications = startNotifier({ api: opened.api, windowFocused: () => window.isFocused(), open: show });
    stop.window = () => window.close();

    ready = true;
    const route = pendingShow?.route ?? deepLinkFromArgv(process.argv) ?? undefined;
    if (pendingShow || route || !startHidden(process.argv)) window.show(route);
  }

  const steps = (): ShutdownStep[] => STOP_ORDER.flatMap((name) => (stop[name] ? [{ name, run: stop[name] }] : []));
  const shutdown = createShutdown(steps, { log, deadlineMs: 15_000 });
  let quitting = false;
  app.on('before-quit', (event) => {
    if (quitting) return;
    quitting = true;
    event.preventDefault();
    void shutdown().finally(() => app.exit(0));
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => app.quit());

  // The app lives on in the tray when its window closes.
  app.on('window-all-closed', () => undefined);
  app.on('second-instance', (_event, argv) => show(deepLinkFromArgv(argv) ?? undefined));
  app.on('open-url', (event, url) => {
    event.preventDefault();
    const route = parseDeepLink(url);
    if (route) show(route);
    else log('ignored a connected-services:// link that is not a screen of the app');
  });
  app.on('activate', () => show());
  app.on('web-contents-created', (_event, contents) => {
    // Belt and braces for any page, including ones without a window of ours: no pop-ups, no <webview>.
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });

  app
    .whenReady()
    .then(boot)
    .catch((error: unknown) => {
      log(`${PRODUCT_NAME} could not start: ${message(error)}`);
      const hint = isCodedError(error) && error.hint ? `\n\n${error.hint}` : '';
      dialog.showErrorBox(PRODUCT_NAME, redact(`${PRODUCT_NAME} could not start: ${message(error)}${hint}`));
      app.exit(1);
    });
}

function withSink(sink: ReturnType<typeof trayModelSink>): { sink?: NonNullable<ReturnType<typeof trayModelSink>> } {
  return sink ? { sink } : {};
}
