import { routeHref, type Route } from '../lib';
import { useLive, useStore } from '../state';

/** A sign-in waiting elsewhere in the app (a code to enter, a browser page to finish), with a way to it. */
export function LoginBanner({ route }: { route: Route }) {
  const live = useLive();
  const logins = useStore(live.deviceLogins);
  const signIns = useStore(live.signIns);
  const here = (server: string) => (route.screen === 'login' || route.screen === 'service') && route.server === server;
  const codes = [...logins.values()].filter((l) => (l.state === 'pending' || l.state === 'slow_down') && !here(l.server));
  // Services shows a browser sign-in in its row, address and all.
  const browsers = [...signIns.values()].filter((s) => s.state === 'waiting' && s.flow === 'browser' && route.screen !== 'catalog' && !here(s.server));
  if (codes.length === 0 && browsers.length === 0) return null;
  return (
    <div className="banner" role="status">
      {codes.map((l) => (
        <p key={`code-${l.server}`}>
          A sign-in code for <strong>{l.server}</strong> is waiting. <a href={routeHref({ screen: 'login', server: l.server })}>Show the code</a>
        </p>
      ))}
      {browsers.map((s) => (
        <p key={`browser-${s.server}`}>
          A sign-in to <strong>{s.server}</strong> waits for its page to be finished.{' '}
          <a href={routeHref({ screen: 'service', server: s.server, tab: 'overview' })}>Show its address</a>
        </p>
      ))}
    </div>
  );
}
