import { OPENED_REACH, validateBrowserUrl, type Opener } from '../auth';

/**
 * The desktop app's opener for sign-in pages and external links: Electron's shell.openExternal, only
 * ever with a URL that passed the core's browser-URL check (https, or http to this computer).
 */
export function electronOpener(openExternal: (url: string) => Promise<void>): Opener {
  return async (url) => {
    // Its form again; its reach was checked where it came from (a server's URL against that server's).
    const safe = validateBrowserUrl(url, 'to open', OPENED_REACH);
    await openExternal(safe.href);
  };
}
