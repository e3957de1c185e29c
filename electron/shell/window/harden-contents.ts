import type { WebContents } from 'electron';
import { navigationDecision } from './navigation-policy';
import { narrowWebRtc } from './webrtc-policy';
import { windowOpenDecision } from './window-open';

export interface HardenOptions {
  /** The app:// host this page belongs to. */
  host: string;
  log: (line: string) => void;
}

/**
 * A page of ours never leaves its origin: navigation elsewhere is stopped, no new window is ever
 * created, no <webview> attaches, and its frames' WebRTC sends no UDP but through a proxy. Nothing is handed to the system browser from here: a link opens
 * through the App API (openLink), whose core looks its host name up first (window-open.ts).
 */
export function hardenContents(contents: WebContents, options: HardenOptions): void {
  narrowWebRtc(contents);
  contents.setWindowOpenHandler((details) => windowOpenDecision(details, options.log));
  contents.on('will-navigate', (details) => {
    // Moved by a frame inside the page (an MCP App's, whose sandbox already forbids it): nowhere, not
    // even our own routes.
    if (details.isMainFrame && details.initiator?.parent != null) {
      details.preventDefault();
      options.log(`a frame's navigation of the window was refused: ${details.url.slice(0, 120)}`);
      return;
    }
    if (navigationDecision(details.url, options.host).action === 'allow') return;
    details.preventDefault();
    options.log(`the window was not moved to ${details.url.slice(0, 120)}: links open through the app's Open`);
  });
  contents.on('will-frame-navigate', (details) => {
    if (!details.isMainFrame && navigationDecision(details.url, options.host).action !== 'allow') details.preventDefault();
  });
  contents.on('will-redirect', (details) => {
    if (navigationDecision(details.url, options.host).action !== 'allow') details.preventDefault();
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}
