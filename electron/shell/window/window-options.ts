import type { BrowserWindowConstructorOptions, WebPreferences } from 'electron';
import { PRODUCT_NAME } from '../app-identity';

export interface WindowOptionsExtra {
  /** Developer tools; off in a packaged app. */
  devTools?: boolean;
  /** A window icon (Linux and Windows use it in the task bar). */
  icon?: BrowserWindowConstructorOptions['icon'];
}

/**
 * The renderer runs as an untrusted web page: isolated from the preload (contextIsolation), in
 * Chromium's OS sandbox, without Node, with the same-origin policy on. `nodeIntegrationInSubFrames`
 * is left out on purpose (frames get no preload and no Node), as are `webviewTag` and `preload` in
 * sub-frames. See https://www.electronjs.org/docs/latest/tutorial/security
 */
export function webPreferences(preloadPath: string, extra: WindowOptionsExtra = {}): WebPreferences {
  return {
    preload: preloadPath,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    experimentalFeatures: false,
    webviewTag: false,
    navigateOnDragDrop: false,
    enableWebSQL: false,
    spellcheck: false,
    safeDialogs: true,
    devTools: extra.devTools ?? false,
  };
}

/** The main window; shown once its first paint is ready so no blank frame flashes. */
export function windowOptions(preloadPath: string, extra: WindowOptionsExtra = {}): BrowserWindowConstructorOptions {
  return {
    width: 1100,
    height: 760,
    minWidth: 640,
    minHeight: 480,
    title: PRODUCT_NAME,
    show: false,
    autoHideMenuBar: true,
    backgroundColor: '#f7f7f5',
    ...(extra.icon === undefined ? {} : { icon: extra.icon }),
    webPreferences: webPreferences(preloadPath, extra),
  };
}
