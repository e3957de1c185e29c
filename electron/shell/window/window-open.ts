import type { HandlerDetails, WindowOpenHandlerResponse } from 'electron';
import { APP_FRAME_SCHEME } from '../protocol/app-frames';

/** What a page's window.open (or a `target=_blank` link) asked, as setWindowOpenHandler is told. */
export type OpenRequest = Pick<HandlerDetails, 'url' | 'disposition' | 'referrer'>;

const shown = (url: string): string => (url.length > 120 ? `${url.slice(0, 120)}…` : url);

/**
 * Every new window is refused, and nothing is opened in the browser from here. Electron's handler
 * is not told which frame asked (HandlerDetails has no frame in Electron 39, nor has
 * did-create-window), so the main page and an MCP App's frame cannot be told apart; a link the
 * person clicks goes through the App API instead (openLink), which the IPC takes from the main
 * frame only and which looks the link's host name up first. The referrer names an app's frame
 * only when it was sent, so it only words the log line.
 */
export function windowOpenDecision(request: OpenRequest, log: (line: string) => void): WindowOpenHandlerResponse {
  const fromApp = request.referrer.url.startsWith(`${APP_FRAME_SCHEME}:`);
  log(`a new window was refused (${request.disposition}${fromApp ? ', asked by an app' : ''}): ${shown(request.url)}`);
  return { action: 'deny' };
}
