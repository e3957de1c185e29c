import { app, dialog, ipcMain, Menu, session } from 'electron';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createCore, QuietCompaction, startOnce, writeRuntimeFile, type Core } from '../app';
import { VAULT_FILE_NAME } from '../vault';
import { startWebServer, uiSessionIdleSetting } from '../web';
import { leaveToRunningApp } from './already-running';
import { DEEP_LINK_SCHEME } from './app-identity';
import { appMenuTemplate } from './app-menu';
import { shellCoreOptions } from './core-options';
import { deepLinkFromArgv } from './deep-link/deep-link';
import { createCallHandler } from './ipc/call-handler';
import { forwardApiEvents } from './ipc/event-forwarder';
import { registerCallChannel, registerReadChannel } from './ipc/ipc-adapter';
import { createUtilityKeychainRunner } from './keychain/keychain-runner';
import { utilityFork } from './keychain/utility-fork';
import { startHidden } from './login-item/login-item';
import { readShellSettings } from './login-item/settings-file';
import { startNotifier } from './notifications/notifier';
import { setOpenAtLogin } from './open-at-login';
import { createPassphraseDialog } from './passphrase/passphrase-dialog';
import { PASSPHRASE_PAGES } from './passphrase/passphrase-page';
import { appDeclaredAt, appGrantsAt, serveAppFrames } from './protocol/app-frames';
import { createProtocolHandler } from './protocol/protocol-handler';
import { watchAppMemory } from './protocol/watch-app-memory';
import { serveAppScheme } from './protocol/register-protocol';
import { log, showWindow, type ShellState } from './shell-state';
import { trayModelSink } from './test-hooks';
import { runTrayAction } from './tray-actions';
import { createTrayController } from './tray/tray-controller';
import { hardenSession } from './window/harden-session';

/** Once Electron is ready: builds the app in order, registering in `shell.stop` what quitting undoes. */
export async function boot(shell: ShellState): Promise<void> {
  prepareSession(shell);
  await applyShellSettings(shell);
  // One start per data folder, `serve` included: from the check for a running app to runtime.json
  // naming this one under the start lock serve takes (electron/app/lifecycle/start-lock.ts).
  const once = await startOnce(shell.coreEnv.dataDir, async () => {
    const core = await openCore(shell);
    connectWindow(shell, core);
    await openCliDoor(shell, core);
    return core;
  }, { lost: (error) => log(`${error.message} ${error.hint ?? ''}`.trim()) });
  if ('live' in once) {
    return leaveToRunningApp(once.live, shell.coreEnv.dataDir, { showErrorBox: (title, text) => dialog.showErrorBox(title, text), exit: (code) => app.exit(code), log });
  }
  shell.stop['app lock'] = once.unlock;
  startTrayAndNotifications(shell, once.started);
  showFirstWindow(shell);
}

/** Menu, a hardened session, the app:// protocol, and our deep-link scheme. */
function prepareSession(shell: ShellState): void {
  const { devTools, context } = shell;
  Menu.setApplicationMenu(Menu.buildFromTemplate(appMenuTemplate(process.platform, { devTools })));
  // An opened app's frame gets what the person allowed its server, once the core is open (#36).
  hardenSession(session.defaultSession, {
    devTools,
    log,
    appGrantsAt: (url) => (shell.core ? appGrantsAt(shell.core.apps.shelf, url) : undefined),
    appDeclared: (url) => (shell.core ? appDeclaredAt(shell.core.apps.shelf, url) : false),
  });
  shell.stop['app:// protocol'] = serveAppScheme(
    session.defaultSession,
    createProtocolHandler({ rendererRoot: context.paths.rendererRoot, readFile: (file) => readFile(file), builtins: PASSPHRASE_PAGES }),
  );
  if (app.isPackaged && !app.isDefaultProtocolClient(DEEP_LINK_SCHEME)) app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
}

/** Reads the desktop settings; re-applied at each start so the login item follows the app when it moves (a new AppImage). */
async function applyShellSettings(shell: ShellState): Promise<void> {
  shell.settings = await readShellSettings(shell.coreEnv.dataDir);
  if (shell.settings.openAtLogin) await setOpenAtLogin(shell, true);
}

/** The core, with a passphrase dialog and a keychain in a utility process. */
async function openCore(shell: ShellState): Promise<Core> {
  const { context, coreEnv, icon, opener } = shell;
  const passphrase = createPassphraseDialog({
    preloadPath: context.paths.passphrasePreload,
    vaultFile: path.join(coreEnv.dataDir, VAULT_FILE_NAME),
    icon,
    log,
  });
  shell.stop['passphrase dialog'] = () => passphrase.close();
  const keychainRunner = createUtilityKeychainRunner({ fork: utilityFork, entryPath: context.paths.keychainHelper, env: coreEnv.env });
  // As `serve`: what agents' traffic grew is given back when they go quiet (docs/how-it-is-built.md).
  const compaction = new QuietCompaction();
  shell.stop['memory compaction'] = () => compaction.stop();
  const core = await createCore({
    ...shellCoreOptions({ ...coreEnv, isPackaged: app.isPackaged, opener, passphrasePrompt: () => passphrase.prompt(), keychainRunner }),
    onPool: (pool) => compaction.watchPool(pool),
  });
  if (core.bridge) compaction.watchBridge(core.bridge);
  shell.core = core;
  return core;
}

/** The App API over IPC, taking calls from our window only, and its events to the window. */
function connectWindow(shell: ShellState, core: Core): void {
  const handler = createCallHandler({ door: core.door, isOurContents: (id) => id === shell.window.contentsId, log });
  shell.stop['core (servers, bridge, vault)'] = () => core.close();
  // MCP Apps on a scheme of their own, never the renderer's origin (#36).
  shell.stop['MCP Apps frames'] = serveAppFrames(session.defaultSession, core.apps);
  shell.stop['MCP Apps memory'] = watchAppMemory({ window: shell.window, apps: core.apps, limitMb: shell.settings.appMemoryLimitMb, log });
  shell.stop['App API over IPC'] = registerCallChannel(ipcMain, handler);
  shell.stop['App API events'] = forwardApiEvents(core.api, (m) => shell.window.send(m));
  shell.stop['App API events read'] = registerReadChannel(ipcMain, (sender, seq) => shell.window.acknowledge(sender, seq));
}

/**
 * The CLI reaches the running app (approvals, agents) over the same HTTP API as `serve`, with its
 * own credential: what it asks that widens access waits for the person here.
 */
async function openCliDoor(shell: ShellState, core: Core): Promise<void> {
  const web = await startWebServer({
    api: core.api,
    door: core.door,
    port: 0,
    staticDir: shell.context.paths.rendererRoot,
    log,
    // As serve: a tab's idle time is the setting's, asked at each idle check.
    sessionIdleMs: uiSessionIdleSetting(() => core.registry.config()),
  });
  const removeRuntime = await writeRuntimeFile(shell.coreEnv.dataDir, {
    pid: process.pid,
    origin: web.origin,
    secret: web.cliSecret,
    bridge: core.bridge?.url ?? null,
    startedAt: shell.coreEnv.now(),
  });
  shell.stop['runtime file'] = removeRuntime;
  shell.stop['web server'] = () => web.close();
}

function startTrayAndNotifications(shell: ShellState, core: Core): void {
  const trayController = createTrayController({
    api: core.api,
    preferences: () => ({ openAtLogin: shell.settings.openAtLogin }),
    run: (action) => runTrayAction(shell, action),
    log,
    ...withSink(trayModelSink(shell.coreEnv.env, app.isPackaged)),
  });
  shell.tray = trayController;
  shell.stop.tray = () => trayController.destroy();
  shell.stop.notifications = startNotifier({ api: core.api, windowFocused: () => shell.window.isFocused(), open: (route) => showWindow(shell, route) });
  shell.stop.window = () => shell.window.close();
}

/** Shows the window unless started hidden at login, at the route asked for meanwhile or on the command line. */
function showFirstWindow(shell: ShellState): void {
  shell.ready = true;
  const route = shell.pendingShow?.route ?? deepLinkFromArgv(process.argv) ?? undefined;
  if (shell.pendingShow || route || !startHidden(process.argv)) shell.window.show(route);
}

function withSink(sink: ReturnType<typeof trayModelSink>): { sink?: NonNullable<ReturnType<typeof trayModelSink>> } {
  return sink ? { sink } : {};
}
