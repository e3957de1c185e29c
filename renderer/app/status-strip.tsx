import { useEffect, useState } from 'react';
import type { BridgeInfo, PendingApproval } from '../../shared/api';
import { describeError, plural, routeHref, type Route, type ShownError } from '../lib';
import { useConnection, useLive, useStore } from '../state';
import './status-strip.css';

/** The bridge's state, read once and kept by `bridgeChanged`. */
function useBridge(): BridgeInfo | null {
  const live = useLive();
  const [info, setInfo] = useState<BridgeInfo | null>(null);
  useEffect(() => {
    let current = true;
    live.api.bridgeInfo({}).then(
      (read) => current && setInfo(read),
      () => undefined,
    );
    const off = live.api.on('bridgeChanged', (changed) => current && setInfo(changed));
    return () => {
      current = false;
      off();
    };
  }, [live]);
  return info;
}

/** The first waiting call, decided in place. */
function WaitingCall({ pending, more }: { pending: PendingApproval; more: number }) {
  const live = useLive();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const what = `${pending.tool} on ${pending.server}`;
  const decide = (decision: 'allow' | 'deny') => {
    setBusy(true);
    setError(null);
    live.api.decideApproval({ id: pending.id, decision }).then(
      () => {
        live.approvals.remove(pending.id);
        live.decisions.remove(pending.id);
        setBusy(false);
      },
      (failure: unknown) => {
        setError(describeError(failure));
        setBusy(false);
      },
    );
  };
  return (
    <span className="strip-item strip-waiting">
      <span>
        <strong>{pending.agent}</strong> waits to {pending.kind === 'tool' ? 'call' : 'read'} <code>{pending.tool}</code> on <strong>{pending.server}</strong>
      </span>
      <button type="button" className="button small primary" disabled={busy} onClick={() => decide('allow')} aria-label={`Allow ${what} for ${pending.agent}`}>
        Allow
      </button>
      <button type="button" className="button small danger" disabled={busy} onClick={() => decide('deny')} aria-label={`Deny ${what} for ${pending.agent}`}>
        Deny
      </button>
      <a href={routeHref({ screen: 'activity' })}>{more > 0 ? `${plural(more, 'more call')} waiting, with arguments` : 'See its arguments'}</a>
      {error && (
        <span className="strip-error" role="alert">
          {error.message}
        </span>
      )}
    </span>
  );
}

/**
 * On every screen: whether agents can reach the bridge, what waits for the person (a waiting call is
 * allowed or denied right here), and that the app answers. Activity shows the calls in full, so the
 * strip leaves them to it there.
 */
export function StatusStrip({ route }: { route: Route }) {
  const live = useLive();
  const linked = useConnection();
  const bridge = useBridge();
  const approvals = useStore(live.approvals);
  const asks = useStore(live.asks);
  if (linked !== 'live') return null; // the connection banner says what is wrong, as an alert
  const [first, ...rest] = approvals;
  const paused = bridge?.paused === true;
  return (
    <div className="status-strip" role="region" aria-label="Status">
      <span className={`strip-item strip-bridge ${paused ? 'strip-warn' : ''}`.trim()}>
        <span className={`strip-dot ${paused ? 'dot-warn' : bridge ? 'dot-ok' : 'dot-muted'}`} aria-hidden="true" />
        {bridge === null ? 'Bridge…' : paused ? <>Bridge paused: agents&apos; calls are refused. <a href={routeHref({ screen: 'agents' })}>Resume on Agents</a></> : 'Bridge open to your agents'}
      </span>
      <span className="strip-item">
        <span className="strip-dot dot-ok" aria-hidden="true" />
        App running
      </span>
      {asks.length > 0 && route.screen !== 'activity' && <span className="strip-item">{plural(asks.length, 'question')} from services waiting for you</span>}
      {first !== undefined && route.screen !== 'activity' && <WaitingCall pending={first} more={rest.length} />}
      {first === undefined && asks.length === 0 && <span className="strip-item muted">Nothing waits for you</span>}
    </div>
  );
}
