import { SERVER_NAME } from '../../../shared/config';
import { DEEP_LINK_SCHEME } from '../app-identity';
import type { ShellRoute } from '../notifications/screen-routes';

export type DeepLinkRoute = Extract<ShellRoute, { screen: 'service' } | { screen: 'activity' }>;

const MAX_LENGTH = 256;
/**
 * The whole grammar, matched on the raw text before any URL parsing could fold `..`, decode `%2f` or
 * drop a query: `connected-services://service/<server name>` or `connected-services://approvals`,
 * an optional trailing slash, nothing else (no `%`, `?`, `#`, `@`, `:port`, `..`).
 */
const GRAMMAR = new RegExp(`^${DEEP_LINK_SCHEME}://(?:service/([A-Za-z0-9_-]+)|(approvals))/?$`, 'i');

/**
 * A `connected-services://` link to a screen, or null. A link only ever opens a screen of the app:
 * it never names a command, a file or a URL, and anything outside the grammar is refused.
 */
export function parseDeepLink(value: unknown): DeepLinkRoute | null {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return null;
  const match = GRAMMAR.exec(value);
  if (!match) return null;
  // The scheme may arrive in any case (schemes are case-insensitive); the rest must be as written.
  const rest = value.slice(DEEP_LINK_SCHEME.length + 3);
  const [, name, approvals] = match;
  if (approvals !== undefined) return rest.startsWith('approvals') ? { screen: 'activity' } : null;
  if (name === undefined || !rest.startsWith('service/') || !SERVER_NAME.test(name)) return null;
  return { screen: 'service', server: name };
}

/**
 * The deep link among a command line (Windows and Linux pass it as an argument to the app, or to the
 * running instance through `second-instance`). Only an argument that is exactly a link counts.
 */
export function deepLinkFromArgv(argv: readonly string[]): DeepLinkRoute | null {
  for (const arg of argv) {
    if (arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`)) return parseDeepLink(arg);
  }
  return null;
}
