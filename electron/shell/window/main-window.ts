import { BrowserWindow, type NativeImage } from 'electron';
import { RENDERER_ENTRY, RENDERER_HOST } from '../app-identity';
import { EVENT_CHANNEL, type EventMessage } from '../ipc/ipc-protocol';
import { hashFor, isShellHash, type ShellRoute } from '../notifications/screen-routes';
import { hardenContents } from './harden-contents';
import { windowOptions } from './window-options';
import { errorMessage } from '../../../shared/errors';

export interface MainWindowOptions {
  preloadPath: string;
  devTools: boolean;
  icon: NativeImage;
  log: (line: string) => void;
}

/** The one window: created on demand, re-created after the person closes it (the app lives on in the tray). */
export class MainWindow {
  readonly #options: MainWindowOptions;
  #window: BrowserWindow | undefined;

  constructor(options: MainWindowOptions) {
    this.#options = options;
  }

  /** The id of the window's webContents, the only one `cs:call` accepts. */
  get contentsId(): number | undefined {
    return this.#window?.webContents.id;
  }

  /** The window's webContents, while it is open (the apps' memory watch reads its frames). */
  get contents(): Electron.WebContents | undefined {
    return this.#window?.webContents;
  }

  isFocused(): boolean {
    return this.#window?.isFocused() ?? false;
  }

  /** Brings the window up, on `route` when given. */
  show(route?: ShellRoute): void {
    const hash = route ? hashFor(route) : '';
    const url = `${RENDERER_ENTRY}${isShellHash(hash) ? hash : ''}`;
    let window = this.#window;
    if (!window || window.isDestroyed()) {
      window = this.#create();
      this.#load(window, url);
      return;
    }
    // Only the hash differs: a same-document navigation, the page keeps its state (the same URL
    // again would reload it, so that is skipped).
    if (route && window.webContents.getURL() !== url) this.#load(window, url);
    if (window.isMinimized()) window.restore();
    window.show();
    window.focus();
  }

  send(message: EventMessage): void {
    const window = this.#window;
    if (window && !window.isDestroyed() && !window.webContents.isDestroyed()) window.webContents.send(EVENT_CHANNEL, message);
  }

  close(): void {
    this.#window?.destroy();
    this.#window = undefined;
  }

  #create(): BrowserWindow {
    const { preloadPath, devTools, icon, log } = this.#options;
    const window = new BrowserWindow(windowOptions(preloadPath, { devTools, icon }));
    hardenContents(window.webContents, { host: RENDERER_HOST, log });
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      if (this.#window === window) this.#window = undefined;
    });
    this.#window = window;
    return window;
  }

  #load(window: BrowserWindow, url: string): void {
    window.loadURL(url).catch((error: unknown) => this.#options.log(`loading the window failed: ${errorMessage(error)}`));
  }
}
