/** Where a tab keeps the per-run secret: sessionStorage is per origin (so per port) and per tab. */
export const TOKEN_STORAGE_KEY = 'connected-services.session';

export interface TokenScope {
  location: { hash: string; pathname: string; search: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string | URL | null): void };
  sessionStorage?: Pick<Storage, 'getItem' | 'setItem'>;
}

function tokenInFragment(hash: string): string | undefined {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token === null || token === '' ? undefined : token;
}

/**
 * The web-mode secret. `serve` prints it in the fragment (`/#token=…`), which the browser never
 * sends to a server; it is read once, kept for this tab (a reload still works) and removed from
 * the address bar so it is not copied or bookmarked. Undefined when the tab never had it.
 */
export function takeSessionToken(scope: TokenScope): string | undefined {
  const fromFragment = tokenInFragment(scope.location.hash);
  if (fromFragment !== undefined) {
    try {
      scope.sessionStorage?.setItem(TOKEN_STORAGE_KEY, fromFragment);
    } catch {
      // Storage refused (a privacy mode): this page load still works; a reload asks for the address again.
    }
    scope.history.replaceState(scope.history.state, '', `${scope.location.pathname}${scope.location.search}`);
    return fromFragment;
  }
  try {
    return scope.sessionStorage?.getItem(TOKEN_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export interface WatchScope extends TokenScope {
  addEventListener(type: 'hashchange', listener: () => void, capture: boolean): void;
  removeEventListener(type: 'hashchange', listener: () => void, capture: boolean): void;
}

/**
 * Takes a secret pasted into an open tab: a new `#token=` changes only the fragment, so the page is
 * not reloaded and would keep the old secret. The listener captures, so it cleans the address before
 * the router reads it. Returns the unsubscribe function.
 */
export function watchSessionToken(scope: WatchScope, onToken: (token: string) => void): () => void {
  const listener = () => {
    if (tokenInFragment(scope.location.hash) === undefined) return;
    const token = takeSessionToken(scope);
    if (token !== undefined) onToken(token);
  };
  scope.addEventListener('hashchange', listener, true);
  return () => scope.removeEventListener('hashchange', listener, true);
}
