import { Brand } from './brand';
import { routeHref, type Route } from '../lib';
import { useLive, useStore } from '../state';

const ITEMS = [
  { screen: 'catalog', label: 'Services' },
  { screen: 'agents', label: 'Agents' },
  { screen: 'activity', label: 'Activity' },
  { screen: 'access', label: 'Access' },
  { screen: 'settings', label: 'Settings' },
] as const;

function current(route: Route, screen: (typeof ITEMS)[number]['screen']): boolean {
  if (screen === 'catalog') return route.screen === 'catalog' || route.screen === 'service' || route.screen === 'login';
  return route.screen === screen;
}

/** `onSignOut`: web mode, where a tab holds a session of its own (the desktop window has none). */
export function NavBar({ route, onSignOut }: { route: Route; onSignOut?: () => void }) {
  const live = useLive();
  // Every kind waiting for the person: calls, confirmations, servers' asks.
  const pending = useStore(live.decisions).length;
  return (
    <header className="app-header">
      <Brand />
      <nav aria-label="Main">
        <ul>
          {ITEMS.map((item) => (
            <li key={item.screen}>
              <a
                href={routeHref({ screen: item.screen })}
                aria-current={current(route, item.screen) ? 'page' : undefined}
              >
                {item.label}
                {/* Named by its content, so the count seen is in what is heard (WCAG 2.5.3): "Activity 2 waiting for approval". */}
                {item.screen === 'activity' && pending > 0 && (
                  <>
                    {' '}
                    <span className="nav-count">{pending}</span> <span className="visually-hidden">waiting for approval</span>
                  </>
                )}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {onSignOut && (
        <button type="button" className="button sign-out" onClick={onSignOut}>
          Sign out
        </button>
      )}
    </header>
  );
}
