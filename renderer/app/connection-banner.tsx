import { useConnection } from '../state';
import './connection-banner.css';

/**
 * Says so when the core stops answering or refuses this tab's secret, so stale states are not taken
 * for live ones; it goes once the event stream is back (it retries with backoff by itself).
 */
export function ConnectionBanner() {
  const state = useConnection();
  if (state === 'live') return null;
  return (
    <div className="banner connection-banner" role="alert" data-connection={state}>
      {state === 'lost' ? (
        <p>
          <strong>The app stopped</strong> — start it again, then open the address it prints. This page reconnects by itself
          while the address still fits.
        </p>
      ) : (
        <p>
          <strong>This tab is signed out:</strong> the app was started again. Run <code>connected-services serve --ui-link</code>{' '}
          for a new address and paste it into this tab (no reload needed).
        </p>
      )}
    </div>
  );
}
