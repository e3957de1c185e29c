import { BrowserWindow, type NativeImage } from 'electron';
import { RENDERER_ENTRY, RENDERER_HOST } from '../app-identity';
import type { CallSender } from '../ipc/call-handler';
import { EventDelivery, type EventPage } from '../ipc/event-delivery';
import { EVENT_CHANNEL, type EventMessage } from '../ipc/ipc-protocol';
import { isTrustedSender } from '../ipc/trusted-sender';
import { hashFor, isShellHash, type ShellRoute } from '../notifications/screen-routes';
import { hardenContents } from './harden-contents';
import { recoverPage } from './page-recovery';
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
  readonly #delivery = new EventDelivery();

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

  /** An App API event to the page, while its top frame is ours and it keeps reading (EventDelivery). */
  send(message: EventMessage): void {
    const page = this.#page();
    if (page) this.#delivery.send(page, message);
  }

  /** The page has handled the events up to `seq`; from anyone but the window's top frame it is ignored. */
  acknowledge(sender: CallSender, seq: number): void {
    const page = this.#page();
    if (page && isTrustedSender(sender.frame) && sender.contentsId === this.contentsId) this.#delivery.acknowledge(page, seq);
  }

  close(): void {
    this.#window?.destroy();
    this.#window = undefined;
  }

  #create(): BrowserWindow {
    const { preloadPath, devTools, icon, log } = this.#options;
    const window = new BrowserWindow(windowOptions(preloadPath, { devTools, icon }));
    hardenContents(window.webContents, { host: RENDERER_HOST, log });
    this.#delivery.reset();
    recoverPage(window.webContents, () => this.#delivery.reset(), log);
    window.once('ready-to-show', () => window.show());
    window.on('closed', () => {
      if (this.#window === window) this.#window = undefined;
    });
    this.#window = window;
    return window;
  }

  #page(): EventPage | undefined {
    const window = this.#window;
    if (!window || window.isDestroyed() || window.webContents.isDestroyed()) return undefined;
    const contents = window.webContents;
    const topFrameUrl = (): string | undefined => {
      try {
        return contents.mainFrame.url;
      } catch {
        // Electron throws for a frame already disposed: no document to send to.
        return undefined;
      }
    };
    return { topFrameUrl, post: (message) => contents.send(EVENT_CHANNEL, message) };
  }

  #load(window: BrowserWindow, url: string): void {
    window.loadURL(url).catch((error: unknown) => this.#options.log(`loading the window failed: ${errorMessage(error)}`));
  }
}
