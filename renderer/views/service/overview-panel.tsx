import { useState } from 'react';
import { moreAccessNeeded, revokePlan, type ServerStatus } from '../../../shared/api';
import { fieldAtFault } from '../../../shared/errors';
import { ConfirmDialog, ErrorNote, OutcomeNote, SafeLink, TimeAgo } from '../../components';
import { connectWith, editFieldHint, ERROR_KIND, expiryText, inventoryListed, neverAnswered, pageLastError, plural, routeHref, screenHint, shownAddress, shownLine, timestamp } from '../../lib';
import { useLive, useNowFor, useStore } from '../../state';
import { toldBySignInNote, useServerActions } from '../catalog/use-server-actions';
import { ApiKeyDialog } from '../device-login/api-key-dialog';
import { failedStarts } from './failed-starts';
import { StateHistory } from './state-history';

const SIGN_IN_HINT = 'Sign in with “Sign in with the browser” or “Sign in with a code” under Sign-in.';
// Only where the key is what failed: an address that does not answer is no matter of the key.
const API_KEY_HINT = 'Enter the key with “Enter API key” under Sign-in.';
// Client credentials involve no person: a new request sends the same client ID and secret again.
const CLIENT_HINT = 'Replace its client secret with “Replace” under Access, or correct the client ID with “Edit”.';

/** Facts, last error with its hint, sign-in details and the state history of one server. */
export function OverviewPanel({ status }: { status: ServerStatus }) {
  const now = useNowFor(status.auth?.expiresAt);
  const { busy, error, outcome, run, clearError, clearOutcome } = useServerActions(status.name);
  const live = useLive();
  const signIn = useStore(live.signIns).get(status.name);
  const [keyOpen, setKeyOpen] = useState(false);
  const [forgetting, setForgetting] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const auth = status.auth;
  const more = moreAccessNeeded(auth);
  const apiKey = auth?.kind === 'api_key';
  const client = auth?.kind === 'client_credentials';
  const waiting = signIn?.state === 'waiting';
  // The core's hints name a terminal command; here the key is entered, or the sign-in started, below.
  // A healthy server's earlier error is not shown as its last one (its state history keeps it).
  const failed = failedStarts(status.history);
  const current = pageLastError(status);
  // An entry error names mcp.json's key; the page's Edit (none for a service declared in code) opens the form, which names it by its label.
  const atFault = status.fromCode === true ? undefined : fieldAtFault(current);
  const lastError =
    current === undefined
      ? undefined
      : current.code === 'auth_required'
        ? { message: current.message, hint: apiKey ? API_KEY_HINT : client ? CLIENT_HINT : SIGN_IN_HINT }
        : atFault !== undefined
          ? { ...current, hint: editFieldHint(atFault) }
          : current.hint !== undefined
          ? { ...current, hint: screenHint(current.hint) }
          : current;
  // A sign-in of this section that failed: the core's hint names the command line's connect, here its buttons.
  const buttons = apiKey ? '“Enter API key”' : '“Sign in with the browser” or “Sign in with a code”';
  const shownError = error && !client && error.hint !== undefined ? { ...error, hint: connectWith(error.hint, buttons) } : error;
  // A sign-in under way or ended is told once, by its note under the page's title (server-actions.tsx).
  const asked = status.state === 'needs_auth' || status.lastError?.code === 'auth_required';
  // An address that never answered asked for no sign-in, no key and no more access, and none can reach it.
  const unanswered = neverAnswered(status);
  return (
    <div className="overview">
      <section aria-labelledby="facts-title" className="panel">
        <h2 id="facts-title">Details</h2>
        <dl className="facts">
          <dt>Transport</dt>
          <dd>{status.transport === 'stdio' ? 'stdio (a program on this computer)' : 'Streamable HTTP'}</dd>
          {status.commandLine !== undefined && (
            <>
              <dt>{status.transport === 'http' ? 'Secrets sent' : 'Command'}</dt>
              <dd>
                <code className="command-line">{shownLine(status.commandLine)}</code>
              </dd>
            </>
          )}
          {status.url !== undefined && (
            <>
              <dt>Address</dt>
              <dd>
                <span className="service-address" title={shownLine(status.url)}>
                  <SafeLink href={status.url} server={status.name}>
                    {shownAddress(status.url)}
                  </SafeLink>
                </span>
              </dd>
            </>
          )}
          <dt>{status.transport === 'http' ? 'Approval' : 'Command approval'}</dt>
          <dd>
            {status.approval === 'not_needed' ? 'not needed' : status.approval}
            {/* Nothing is spawned before approval, so no error says its program is missing: the checks look for it. */}
            {status.approval === 'pending' && status.transport === 'stdio' && (
              <span className="muted">
                {' '}
                (it does not start until you approve it; whether its program is on this computer shows under{' '}
                <a href={routeHref({ screen: 'settings' })}>Settings → Checks</a>)
              </span>
            )}
          </dd>
          <dt>In this state since</dt>
          <dd>
            {timestamp(status.since)} (<TimeAgo at={status.since} />)
          </dd>
          <dt>Inventory</dt>
          <dd>
            {inventoryListed(status) ? `${plural(status.toolCount, 'tool')}, ${plural(status.resourceCount, 'resource')}, ${plural(status.promptCount, 'prompt')}` : 'Not listed yet: the service lists its tools when it first starts'}
            {status.inventoryUpdatedAt !== undefined && <span className="muted">, fetched <TimeAgo at={status.inventoryUpdatedAt} /></span>}
            {status.inventoryStale === true && <span className="muted"> from the service as it was before its last change; it lists its tools again when it next starts</span>}
          </dd>
          <dt>Crashes while running</dt>
          <dd>{status.crashes}</dd>
          {failed > 0 && (
            <>
              <dt>Failed starts</dt>
              <dd>
                {failed} <span className="muted">(listed in State history)</span>
              </dd>
            </>
          )}
        </dl>
      </section>
      {current !== undefined && lastError !== undefined && (
        <section aria-labelledby="last-error-title" className="panel">
          <h2 id="last-error-title">Last error</h2>
          <ErrorNote error={lastError} />
          {/* The kind in words only when no hint says more; its code, which the command line and scripts go by, a quiet aside. */}
          <p className="muted">
            {lastError.hint === undefined && <>{ERROR_KIND[current.code]} </>}
            <small className="error-code">
              (<code>{current.code}</code>)
            </small>
          </p>
          {/* An address that never answered wrote nothing (its log holds what a server sends, and a program's stderr). */}
          {!unanswered && (
            <p>
              <a href={routeHref({ screen: 'service', server: status.name, tab: 'logs' })}>Read what {status.name} wrote in its logs</a>
            </p>
          )}
        </section>
      )}
      {(auth !== undefined || (status.transport === 'http' && !unanswered)) && (
        <section aria-labelledby="signin-title" className="panel">
          <h2 id="signin-title">Sign-in</h2>
          {more.length > 0 && !unanswered && (
            <div className="needs-access" role="status">
              <p>
                <strong>Needs more access:</strong> it refused a call without{' '}
                {more.map((s) => (
                  <code key={s} className="scope">
                    {shownLine(s)}
                  </code>
                ))}
                . Granting it signs in once for these and the scopes it has.
              </p>
              <button type="button" className="button primary" disabled={busy !== null || waiting} onClick={() => void run('connect')}>
                Grant more access
              </button>
            </div>
          )}
          {auth ? (
            <dl className="facts">
              <dt>{apiKey ? 'API key' : 'Credential'}</dt>
              <dd>{auth.connected ? 'held in the vault' : apiKey ? 'none stored, or refused' : 'none'}</dd>
              {auth.issuer !== undefined && (
                <>
                  <dt>Issued by</dt>
                  <dd>
                    <code>{shownLine(auth.issuer)}</code>
                  </dd>
                </>
              )}
              {auth.expiresAt !== undefined && (
                <>
                  <dt>Expiry</dt>
                  <dd>{expiryText(auth.expiresAt, now, auth.refreshable === true)}</dd>
                </>
              )}
              {!apiKey && <dt>Granted scopes</dt>}
              {!apiKey && <dd>{auth.scopes && auth.scopes.length > 0 ? auth.scopes.map((s) => <code key={s} className="scope">{shownLine(s)}</code>) : 'none reported'}</dd>}
              {auth.refreshTokenShared && (
                <>
                  <dt>Refresh token</dt>
                  <dd>leaves the vault: its credential file (Google's format) gives it to this program, which renews its tokens by itself</dd>
                </>
              )}
            </dl>
          ) : (
            <p className="muted">{asked ? 'Not signed in: it asks for a sign-in.' : 'This service has not asked for a sign-in.'}</p>
          )}
          <div className="button-row">
            {client || unanswered ? null : apiKey ? (
              <button type="button" className="button primary" onClick={() => setKeyOpen(true)} aria-label={`Enter API key for ${status.name}`}>
                Enter API key
              </button>
            ) : (
              <>
                <button type="button" className="button" disabled={busy !== null || waiting} onClick={() => void run('connect-browser')}>
                  Sign in with the browser
                </button>
                <button type="button" className="button" disabled={busy !== null || waiting} onClick={() => void run('connect-device')}>
                  Sign in with a code
                </button>
              </>
            )}
            {auth?.connected === true &&
              (apiKey ? (
                // A key has no issuer to revoke it at: the app forgets it, after asking.
                <button type="button" className="button danger" disabled={busy !== null} onClick={() => setForgetting(true)}>
                  Forget the API key
                </button>
              ) : (
                <button type="button" className="button danger" disabled={busy !== null} onClick={() => setSigningOut(true)}>
                  Sign out and revoke
                </button>
              ))}
          </div>
          {shownError && !toldBySignInNote(shownError, signIn) && <ErrorNote error={shownError} onDismiss={clearError} />}
          {outcome && <OutcomeNote text={outcome.message} warn={!outcome.complete} onDismiss={clearOutcome} />}
          {signingOut && (
            <ConfirmDialog title={`Sign out of ${status.name} and revoke`} confirmLabel="Sign out and revoke" danger onClose={() => setSigningOut(false)} onConfirm={() => run('revoke')}>
              <p>Agents cannot use {status.name} until you sign in again.</p>
              <p>{revokePlan(status.name, auth?.issuer, auth?.sharesGrantWith)}</p>
            </ConfirmDialog>
          )}
          {forgetting && (
            <ConfirmDialog title={`Forget the API key of ${status.name}`} confirmLabel="Forget the API key" danger onClose={() => setForgetting(false)} onConfirm={() => run('revoke')}>
              <p>{status.name} stops until you enter a key again with “Enter API key”. A key in a secret other services share stays; delete it under Access.</p>
            </ConfirmDialog>
          )}
          {keyOpen && <ApiKeyDialog server={status.name} onClose={() => setKeyOpen(false)} fallbackFocus={() => document.getElementById('signin-title')} />}
        </section>
      )}
      <section aria-labelledby="history-title" className="panel">
        <h2 id="history-title">State history</h2>
        <StateHistory history={status.history} disabled={!status.enabled} />
      </section>
    </div>
  );
}
