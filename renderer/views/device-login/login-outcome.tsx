import type { DeviceLogin } from '../../../shared/api';
import { CodeSpans, SafeLink } from '../../components';
import { routeHref } from '../../lib';

type EndState = 'approved' | 'denied' | 'expired' | 'cancelled' | 'failed';

const TEXT: Record<EndState, { title: string; next: string; tone: 'ok' | 'warn' | 'error' }> = {
  approved: { title: 'Signed in', next: 'The service is connecting now; its tools are ready for your agents.', tone: 'ok' },
  denied: { title: 'Sign-in was denied', next: 'The request was refused on the sign-in page. Try again if that was a mistake.', tone: 'error' },
  expired: { title: 'The code expired', next: 'It was not approved in time. Get a new code and enter it within the time shown.', tone: 'warn' },
  cancelled: { title: 'Sign-in cancelled', next: 'Nothing was changed. You can start again whenever you like.', tone: 'warn' },
  failed: { title: 'Sign-in failed', next: 'Try again; if it keeps failing, run the checks in Settings.', tone: 'error' },
};

export function isEndState(state: DeviceLogin['state']): state is EndState {
  return state in TEXT;
}

export interface LoginOutcomeProps {
  login: DeviceLogin & { state: EndState };
  busy: boolean;
  onRetry: () => void;
}

/** The end of a device login, with what to do next. */
export function LoginOutcome({ login, busy, onRetry }: LoginOutcomeProps) {
  const text = TEXT[login.state];
  return (
    <div className={`note note-${text.tone} outcome`} role="status" data-login-state={login.state}>
      <h2>{text.title}</h2>
      {login.message !== undefined && login.state !== 'approved' && <p>
          <CodeSpans text={login.message} />
        </p>}
      {login.errorUri !== undefined && login.state !== 'approved' && (
        // The authorization server's page about its error: a link a person may follow, never opened by itself.
        <p className="muted">
          The authorization server explains this error at <SafeLink href={login.errorUri} fromServer server={login.server} />
        </p>
      )}
      <p>{text.next}</p>
      <div className="button-row">
        {login.state === 'approved' ? (
          <a className="button primary" href={routeHref({ screen: 'service', server: login.server, tab: 'tools' })}>
            See the tools of {login.server}
          </a>
        ) : (
          <button type="button" className="button primary" disabled={busy} onClick={onRetry}>
            {login.state === 'expired' ? 'Get a new code' : 'Try again'}
          </button>
        )}
        <a className="button" href={routeHref({ screen: 'catalog' })}>
          Back to services
        </a>
      </div>
    </div>
  );
}
