import { validateBrowserUrl } from '../../auth';
import { hasAppOrigin, PASSPHRASE_HOST, RENDERER_HOST } from '../app-identity';
import { APP_FRAME_SCHEME } from '../protocol/app-frames';

export type NavigationDecision = { action: 'allow' } | { action: 'deny' } | { action: 'external'; url: string };

/**
 * Where a page of ours may go: within its own origin, yes; a URL the core would hand to a browser
 * (https, or http to this computer, plain host, no credentials) is external, which the window never
 * follows (such a link opens through the App API's openLink); anything else (file:, javascript:,
 * other app hosts, custom schemes) goes nowhere.
 */
export function navigationDecision(url: string, host: string = RENDERER_HOST): NavigationDecision {
  if (hasAppOrigin(url, host)) return { action: 'allow' };
  try {
    // A link in a page of ours (or one the person follows): not named by a server's sign-in, so any host.
    return { action: 'external', url: validateBrowserUrl(url, 'to open from the app', 'loopback').href };
  } catch {
    return { action: 'deny' };
  }
}

const OWN_HOSTS = [RENDERER_HOST, PASSPHRASE_HOST];

/**
 * The session's request filter: our pages load only from app:// (and inline data: images); no page
 * fetches from the network, the file system or another scheme, but an open MCP App reaches the
 * origins its resource declared. Developer tools need their own scheme.
 */
export function requestAllowed(url: string, options: { devTools: boolean; appDeclared?: (url: string) => boolean; fromApp?: boolean }): boolean {
  if (OWN_HOSTS.some((host) => hasAppOrigin(url, host))) return true;
  const parsed = URL.parse(url);
  if (!parsed) return false;
  // An opened MCP App's document (protocol/app-frames.ts).
  if (parsed.protocol === `${APP_FRAME_SCHEME}:` && parsed.host === 'apps') return true;
  // What an open app declared it reaches, asked from an app's frame only: each app's own CSP still
  // limits it to its own declarations, and our pages never reach them even if their CSP slipped.
  if (options.fromApp === true && options.appDeclared?.(url) === true) return true;
  if (parsed.protocol === 'data:') return true;
  if (parsed.protocol === 'blob:') return OWN_HOSTS.some((host) => hasAppOrigin(parsed.pathname, host));
  return options.devTools && (parsed.protocol === 'devtools:' || parsed.protocol === 'chrome-extension:');
}

/** What onBeforeRequest knows of a request's frame (Electron's WebFrameMain), as far as the check needs. */
export interface RequestingFrame {
  readonly url: string;
  readonly parent: RequestingFrame | null;
}

const APP_FRAME_PREFIX = `${APP_FRAME_SCHEME}://apps/`;

/**
 * Whether a request comes from an opened MCP App: its frame, or one it embeds (bounded: frames nest
 * only a few deep), is an app frame. With no frame (destroyed, or a worker), the referrer says it.
 * Never throws: it runs inside the session's request filter, whose callback must always come.
 */
export function requestFromApp(frame: RequestingFrame | null | undefined, referrer: string | undefined): boolean {
  const fromReferrer = typeof referrer === 'string' && referrer.startsWith(APP_FRAME_PREFIX);
  if (!frame) return fromReferrer;
  try {
    let at: RequestingFrame | null = frame;
    for (let depth = 0; at && depth < 16; depth++, at = at.parent) {
      if (at.url.startsWith(APP_FRAME_PREFIX)) return true;
    }
    return false;
  } catch {
    // A frame disposed meanwhile throws on being read (Electron's WebFrameMain): the referrer says it.
    return fromReferrer;
  }
}
