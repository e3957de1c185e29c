import { app, shell as electronShell, type NativeImage } from 'electron';
import { resolveCoreEnv, type CoreEnv, type CoreEnvOptions } from '../../shared/core-env';
import type { Core } from '../app';
import type { Opener } from '../auth';
import type { ShellSettings } from './login-item/settings-file';
import type { ShellRoute } from './notifications/screen-routes';
import { logLine } from './log-line';
import { electronOpener } from './opener';
import type { ShellPaths } from './shell-paths';
import type { TrayController } from './tray/tray-controller';
import { iconImage } from './tray/tray-icons';
import { MainWindow } from './window/main-window';
import { errorMessage } from '../../shared/errors';

/** Where the desktop app was started: the data folder (the CLI's; the rest of its CoreEnv is the process's own) and its files. */
export interface ShellContext extends Pick<CoreEnvOptions, 'dataDir'> {
  paths: ShellPaths;
}

/** Stop being reachable first (notifications, tray, IPC, the CLI's door), then stop servers and flush the vault. */
export const STOP_ORDER = [
  'notifications',
  'tray',
  'App API events',
  'App API events read',
  'App API over IPC',
  'passphrase dialog',
  'runtime file',
  'web server',
  'window',
  // Opened apps' memory is no longer looked at once their window is gone.
  'MCP Apps memory',
  // Opened apps stop being served once their window is gone.
  'MCP Apps frames',
  // Before the servers stop: their stopping would start one more collection.
  'memory compaction',
  'core (servers, bridge, vault)',
  // Once the servers have stopped: a new start on this folder may then run (life-lock.ts).
  'app lock',
  'app:// protocol',
] as const;

export type StopStepName = (typeof STOP_ORDER)[number];

/** What the desktop app holds while it runs; boot fills it in step by step. */
export interface ShellState {
  context: ShellContext;
  /** The core's environment, resolved once here: the data folder, process.env, the shell's log, Date.now. */
  coreEnv: CoreEnv;
  devTools: boolean;
  opener: Opener;
  icon: NativeImage;
  window: MainWindow;
  /** What quitting undoes, filled in as boot gets there; run in STOP_ORDER. */
  stop: Partial<Record<StopStepName, () => Promise<void> | void>>;
  /** Boot finished: the window may be shown. */
  ready: boolean;
  /** Asked for before the window could exist (a second launch, a deep link): honoured once it can. */
  pendingShow: { route: ShellRoute | undefined } | undefined;
  core: Core | undefined;
  tray: TrayController | undefined;
  settings: ShellSettings;
}

export const log = (line: string): void => console.error(logLine(line));
export const message = (error: unknown): string => (errorMessage(error));

/** The window (not yet shown) and the empty state around it. */
export function createShellState(context: ShellContext): ShellState {
  const devTools = !app.isPackaged;
  const opener = electronOpener((url) => electronShell.openExternal(url));
  const icon = iconImage(64, 'none');
  const window = new MainWindow({ preloadPath: context.paths.preload, devTools, icon, log });
  const coreEnv = resolveCoreEnv(context, { env: process.env, log, now: Date.now });
  return { context, coreEnv, devTools, opener, icon, window, stop: {}, ready: false, pendingShow: undefined, core: undefined, tray: undefined, settings: { openAtLogin: false } };
}

/** Shows the window at a route, or remembers the wish until boot is done. */
export function showWindow(shell: ShellState, route?: ShellRoute): void {
  if (shell.ready) shell.window.show(route);
  else shell.pendingShow = { route: route ?? shell.pendingShow?.route };
}
