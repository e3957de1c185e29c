import { useEffect, useMemo, useRef } from 'react';
import type { AppApi } from '../../shared/api';
import type { LinkRequestOutcome, OnEventsMissed } from '../api';
import { navigate, routeHref, systemClock, type Clock, type Route } from '../lib';
import { ConnectionGate, ErrorBoundary } from '../components';
import { ClockContext, ConnectionContext, createConnectionStore, createLiveState, LiveContext, useStore, type ConnectionState, type Store } from '../state';
import { ConnectionBanner } from './connection-banner';
import { LoginBanner } from './login-banner';
import { NavBar } from './nav-bar';
import { Screen } from './screen';
import { StatusStrip } from './status-strip';
import { AskDialog } from '../views';
import { useRoute } from './use-route';
import '../styles';

export interface AppProps {
  api: AppApi;
  clock?: Clock;
  /** Web mode: whether the core answers (the desktop app's preload always does). */
  connection?: Store<ConnectionState>;
  /** Web mode: has serve print a new sign-in address in its terminal (a reload signs the tab out). */
  requestLink?: () => Promise<LinkRequestOutcome>;
  /** Web mode: ends this tab's session (the header's Sign out button). */
  onSignOut?: () => void;
  /** Desktop: told when events were withheld from this window (it had stopped reading them). */
  eventsMissed?: OnEventsMissed;
}

/** A failed screen is tried again once the route changes; the window's Reload is in its menu only with developer tools. */
const DESKTOP_HINT = 'Go to another screen with the navigation above, then back to try again.';
/** In web mode a reload signs the tab out (its session is in memory only). */
const WEB_HINT = 'Go to another screen with the navigation above, then back to try again. A reload would sign this tab out: the page then offers a new sign-in address.';

const ALWAYS_LIVE = createConnectionStore();

/** Screens that gate their own controls on the core (ConnectionGate), leaving those that work without it. */
const SELF_GATED: ReadonlySet<Route['screen']> = new Set(['catalog']);

/** The whole UI: shared live state from core events, hash routing, and focus that follows the screen. */
export function App({ api, clock = systemClock, connection = ALWAYS_LIVE, requestLink, onSignOut, eventsMissed }: AppProps) {
  const live = useMemo(() => createLiveState(api), [api]);
  const linked = useStore(connection);
  const wasLive = useRef(true);
  const route = useRoute();
  const mainRef = useRef<HTMLElement>(null);
  const first = useRef(true);

  useEffect(() => {
    live.start({
      onDeviceLogin: (login) => {
        // A code the person asked for in this window: take them to it.
        if (login.state === 'pending' && live.connecting.get().has(login.server) && window.location.hash !== routeHref({ screen: 'login', server: login.server })) {
          navigate({ screen: 'login', server: login.server });
        }
      },
    });
    return () => live.close();
  }, [live]);
  useEffect(() => {
    // Back after a loss: events were missed meanwhile, so everything is loaded again.
    if (linked === 'live' && !wasLive.current) live.reload();
    wasLive.current = linked === 'live';
  }, [linked, live]);
  // Events this window missed are not sent again: everything is loaded again instead.
  useEffect(() => eventsMissed?.(() => live.reload()), [eventsMissed, live]);

  // Focus moves with the screen (or the service shown), not with tabs or the selected tool.
  const key = `${route.screen}:${'server' in route ? route.server : ''}`;
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // Screen changes are announced by moving focus to the new screen's title.
    const title = mainRef.current?.querySelector<HTMLElement>('[data-page-title]');
    (title ?? mainRef.current)?.focus();
  }, [key]);

  return (
    <ClockContext.Provider value={clock}>
      <ConnectionContext.Provider value={connection}>
        <LiveContext.Provider value={live}>
          <button type="button" className="skip-link" onClick={() => mainRef.current?.focus()}>
            Skip to content
          </button>
          <NavBar route={route} {...(onSignOut ? { onSignOut } : {})} />
          <StatusStrip route={route} />
          <LoginBanner route={route} />
          <ConnectionBanner {...(requestLink ? { requestLink } : {})} />
          <main ref={mainRef} id="main" tabIndex={-1}>
            {/* Reset, not remounted, by a new route: a tab or a tool chosen keeps the focus, the filter and the scroll. */}
            <ErrorBoundary resetKey={routeHref(route)} what="this screen" hint={requestLink ? WEB_HINT : DESKTOP_HINT}>
              {/* Services gates all but its search and filter, which work on what it already shows. */}
              {SELF_GATED.has(route.screen) ? (
                <Screen route={route} />
              ) : (
                <ConnectionGate>
                  <Screen route={route} />
                </ConnectionGate>
              )}
            </ErrorBoundary>
          </main>
          {/* A server's request waiting for the person shows over any screen. */}
          {linked === 'live' && <AskDialog />}
        </LiveContext.Provider>
      </ConnectionContext.Provider>
    </ClockContext.Provider>
  );
}
