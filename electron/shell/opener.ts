import { validateBrowserUrl, type Opener } from '../auth';

/**
 * The desktop app's opener for sign-in pages and external links: Electron's shell.openExternal, only
 * ever with a URL that passed the core's browser-URL check (https, or http to this computer).
 */
export function electronOpener(openExternal: (url: string) => Promise<void>): Opener {
  return async (url) => {
    const safe = validateBrowserUrl(url);
    await openExternal(safe.href);
  };
}
