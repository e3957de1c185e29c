import { useEffect, useState } from 'react';
import { ErrorNote, PageHeader, SafeLink } from '../../components';
import { clockText, describeError, routeHref, safeHref, shownLine, type ShownError } from '../../lib';
import { useLive, useNow, useStore } from '../../state';
import { isEndState, LoginOutcome } from './login-outcome';
import { deviceAddress } from './device-address';
import { QrImage } from './qr-image';
import { UserCode } from './user-code';
import './device-login.css';

/** Device-code sign-in (RFC 8628): the code to enter elsewhere, where to enter it, and how long is left. */
export function DeviceLoginView({ server }: { server: string }) {
  const live = useLive();
  const login = useStore(live.deviceLogins).get(server);
  const status = useStore(live.servers).servers.find((s) => s.name === server);
  const now = useNow(1000);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const [cancelled, setCancelled] = useState(false);

  useEffect(() => setCancelled(false), [login?.userCode]);

  const start = () => {
    setBusy(true);
    setError(null);
    live.connecting.update((set) => new Set(set).add(server));
    void live.api
      .connect({ name: server, flow: 'device' })
      .then((status) => live.servers.upsert(status))
      .catch((failure: unknown) => {
        // The login's own end state already tells the story; other failures are shown here.
        if (!live.deviceLogins.get().has(server)) setError(describeError(failure));
      })
      .finally(() => {
        setBusy(false);
        live.connecting.update((set) => {
          const next = new Set(set);
          next.delete(server);
          return next;
        });
      });
  };

  const cancel = () => {
    setCancelled(true);
    live.api.cancelLogin({ name: server }).catch((failure: unknown) => {
      setCancelled(false);
      setError(describeError(failure));
    });
  };

  const header = <PageHeader title={`Sign in to ${server}`} lead="Approve this app on another device or in another browser window." />;

  if (!login) {
    return (
      <section className="device-login">
        {header}
        {error && <ErrorNote error={error} />}
        <p>
          {status?.transport === 'stdio' && status.auth === undefined
            ? `${server} runs as a program on this computer; it does not sign in.`
            : `No sign-in with a code is in progress for ${server}.`}
        </p>
        <div className="button-row">
          {(status?.transport !== 'stdio' || status.auth !== undefined) && (
            <button type="button" className="button primary" disabled={busy} onClick={start}>
              {busy ? 'Requesting a code…' : 'Sign in with a code'}
            </button>
          )}
          <a className="button" href={routeHref({ screen: 'catalog' })}>
            Back to services
          </a>
        </div>
      </section>
    );
  }

  const remaining = login.expiresAt !== undefined ? login.expiresAt - now : undefined;
  const timedOut = remaining !== undefined && remaining <= 0;
  const endState = isEndState(login.state) ? login.state : timedOut ? 'expired' : null;
  const ended = endState !== null ? { ...login, state: endState } : null;
  const { address, withCode } = deviceAddress(login.verificationUri, login.verificationUriComplete);
  const linkable = safeHref(address) !== undefined;

  return (
    <section className="device-login" aria-busy={!ended}>
      {header}
      {error && <ErrorNote error={error} />}
      {ended ? (
        <LoginOutcome login={ended} busy={busy} onRetry={start} />
      ) : (
        <div className="device-grid">
          <div className="device-steps">
            <ol className="steps">
              <li>
                {linkable ? (
                  <>
                    {/* The text is the address the link and the QR code open. */}
                    Open <SafeLink href={address} server={server} className="device-address">{shownLine(address ?? '')}</SafeLink>, or scan the QR code.
                  </>
                ) : (
                  <>The sign-in page address was not given or is not a secure address; ask the service for it.</>
                )}
              </li>
              <li>{withCode ? 'Check that the page shows this code:' : 'Enter this code:'}</li>
            </ol>
            {login.userCode !== undefined && <UserCode code={login.userCode} />}
            {/* RFC 8628 §3.3.1: a complete address on another site is not used; the person hears why only the address above is offered. */}
            {login.ignoredCompleteOrigin !== undefined && (
              <p className="note" role="note" aria-label="Address not used">
                The service also gave an address with the code filled in, on another site ({shownLine(login.ignoredCompleteOrigin)}); it was not used: enter the code at the address above.
              </p>
            )}
            <p className="countdown" role="timer" aria-label="Time left to enter the code">
              {remaining !== undefined ? <>Code expires in <strong>{clockText(remaining)}</strong></> : 'Waiting for the code’s lifetime…'}
            </p>
            <p className="polling" role="status">
              {cancelled
                ? 'Cancelling…'
                : login.state === 'slow_down'
                  ? `The service asked us to check less often; checking every ${login.intervalSeconds ?? '?'} s.`
                  : `Waiting for your approval; checking every ${login.intervalSeconds ?? 5} s.`}
            </p>
            <button type="button" className="button" onClick={cancel} disabled={cancelled}>
              Cancel sign-in
            </button>
          </div>
          {linkable && address !== undefined && <QrImage text={address} label={`QR code for ${address}`} />}
        </div>
      )}
    </section>
  );
}
