import type { WebContents } from 'electron';
import type { Opener } from '../../auth';
import { navigationDecision } from './navigation-policy';

export interface HardenOptions {
  /** The app:// host this page belongs to. */
  host: string;
  opener: Opener;
  log: (line: string) => void;
}

/**
 * A page of ours never leaves its origin: navigation elsewhere is stopped (a validated https link
 * opens in the system browser instead), no new window is ever created, no <webview> attaches.
 */
export function hardenContents(contents: WebContents, options: HardenOptions): void {
  const openOutside = (url: string): void => {
    const decision = navigationDecision(url, options.host);
    if (decision.action === 'external') options.opener(decision.url).catch((error: unknown) => options.log(`could not open a link: ${String(error)}`));
  };
  contents.setWindowOpenHandler(({ url }) => {
    openOutside(url);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (details) => {
    // Moved by a frame inside the page (an MCP App's, whose sandbox already forbids it): nowhere, not
    // even our own routes, and no link handed to the system browser (an app asks the host for that).
    if (details.isMainFrame && details.initiator?.parent != null) {
      details.preventDefault();
      options.log(`a frame's navigation of the window was refused: ${details.url.slice(0, 120)}`);
      return;
    }
    if (navigationDecision(details.url, options.host).action === 'allow') return;
    details.preventDefault();
    openOutside(details.url);
  });
  contents.on('will-frame-navigate', (details) => {
    if (!details.isMainFrame && navigationDecision(details.url, options.host).action !== 'allow') details.preventDefault();
  });
  contents.on('will-redirect', (details) => {
    if (navigationDecision(details.url, options.host).action !== 'allow') details.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
