import { hasAppOrigin, RENDERER_HOST } from '../app-identity';

export interface SenderFrame {
  /** The sending frame's current URL; empty or absent when the frame is gone. */
  url: string | undefined;
  isMainFrame: boolean;
}

/**
 * Only the renderer's top frame, on our own origin, may call the core: not a sub-frame (an iframe a
 * page might embed), not a page that navigated elsewhere, not another app:// host.
 * https://www.electronjs.org/docs/latest/tutorial/security#17-validate-the-sender-of-all-ipc-messages
 */
export function isTrustedSender(frame: SenderFrame, host: string = RENDERER_HOST): boolean {
  return frame.isMainFrame && typeof frame.url === 'string' && hasAppOrigin(frame.url, host);
}
