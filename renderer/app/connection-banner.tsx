import type { LinkRequestOutcome } from '../api';
import { useConnection } from '../state';
import { NewAddressButton } from './new-address-button';
import './connection-banner.css';

export interface ConnectionBannerProps {
  /** Has serve print a new address in its terminal (web mode; a signed-out tab offers it). */
  requestLink?: () => Promise<LinkRequestOutcome>;
}

/**
 * Says so when the core stops answering or refuses this tab's secret, so stale states are not taken
 * for live ones; it goes once the event stream is back (it retries with backoff by itself).
 */
export function ConnectionBanner({ requestLink }: ConnectionBannerProps) {
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
        <>
          <p>
            <strong>This tab is signed out:</strong> the app was started again.{' '}
            {requestLink ? 'Have serve print a new address in its terminal (or run ' : 'Run '}
            <code>connected-services serve --ui-link</code>
            {requestLink ? ' in any terminal), then paste it into this tab' : ' for a new address and paste it into this tab'} (no reload needed).
          </p>
          {requestLink && <NewAddressButton requestLink={requestLink} />}
        </>
      )}
    </div>
  );
}
