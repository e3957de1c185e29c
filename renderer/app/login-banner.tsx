import { routeHref, type Route } from '../lib';
import { useLive, useStore } from '../state';

/** A device-code sign-in waiting elsewhere in the app, with a way to it. */
export function LoginBanner({ route }: { route: Route }) {
  const live = useLive();
  const logins = useStore(live.deviceLogins);
  const waiting = [...logins.values()].filter((l) => (l.state === 'pending' || l.state === 'slow_down') && !(route.screen === 'login' && route.server === l.server));
  if (waiting.length === 0) return null;
  return (
    <div className="banner" role="status">
      {waiting.map((l) => (
        <p key={l.server}>
          A sign-in code for <strong>{l.server}</strong> is waiting. <a href={routeHref({ screen: 'login', server: l.server })}>Show the code</a>
        </p>
      ))}
    </div>
  );
}
