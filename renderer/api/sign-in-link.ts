export interface LinkScope {
  location: { hash: string; pathname: string; search: string };
  history: { state: unknown; replaceState(data: unknown, unused: string, url?: string | URL | null): void };
}

function linkInFragment(hash: string): string | undefined {
  const link = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return link === null || link === '' ? undefined : link;
}

/**
 * The one-time secret of the sign-in address `serve` printed (`/#token=…`, a fragment, which the
 * browser never sends to a server), taken out of the address bar so it is not copied or bookmarked.
 * It is not kept anywhere: the page trades it once for a session secret (sign-in-exchange.ts), and the
 * copy the browser wrote to its history is by then worth nothing. Undefined when the address has none.
 */
export function takeSignInLink(scope: LinkScope): string | undefined {
  const link = linkInFragment(scope.location.hash);
  if (link === undefined) return undefined;
  scope.history.replaceState(scope.history.state, '', `${scope.location.pathname}${scope.location.search}`);
  return link;
}

export interface WatchScope extends LinkScope {
  addEventListener(type: 'hashchange', listener: () => void, capture: boolean): void;
  removeEventListener(type: 'hashchange', listener: () => void, capture: boolean): void;
}

/**
 * Takes an address pasted into an open tab: a new `#token=` changes only the fragment, so the page is
 * not reloaded. The listener captures, so it cleans the address before the router reads it.
 * Returns the unsubscribe function.
 */
export function watchSignInLink(scope: WatchScope, onLink: (link: string) => void): () => void {
  const listener = () => {
    const link = takeSignInLink(scope);
    if (link !== undefined) onLink(link);
  };
  scope.addEventListener('hashchange', listener, true);
  return () => scope.removeEventListener('hashchange', listener, true);
}
