import { useEffect, useState } from 'react';
import { BRIDGE_OPEN, BRIDGE_PAUSED, NOTHING_WAITS, questionsWaiting, serverHealth, WAITS_TO, whereCalled, type BridgeInfo, type HeldChange, type PendingApproval, type ServerStatus } from '../../shared/api';
import { CodeSpans } from '../components';
import { describeError, focusWhenShown, plural, routeHref, shownLine, type Route, type ShownError } from '../lib';
import { useConnection, useDecisions, useLive, useStore } from '../state';
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

/** The first waiting call, decided in place; one held for a value we hold is denied here or reviewed in Activity. */
function WaitingCall({ pending, more }: { pending: PendingApproval; more: number }) {
  const live = useLive();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  // No service: the bridge's own tool (search_tools), held for a value we hold in what the agent searched for.
  const own = pending.server === '';
  const what = `${shownLine(pending.tool)}${whereCalled(pending)}`;
  const warning = pending.warning;
  const warned = warning !== undefined;
  const decide = (decision: 'allow' | 'deny') => {
    setBusy(true);
    setError(null);
    live.api.decide({ kind: 'call', id: pending.id, answer: { decision } }).then(
      () => {
        live.decisions.remove(pending.id);
        setBusy(false);
        // The next waiting call takes this one's place in the strip (its Allow, or its Review link when
        // held for a value we hold); with none left, focus stays on the strip.
        const strip = () => document.querySelector<HTMLElement>('.status-strip');
        focusWhenShown(() => {
          const waiting = strip()?.querySelector<HTMLElement>('.strip-waiting');
          if (!waiting) return strip();
          const next = waiting.querySelector<HTMLElement>('[data-call]:not(:disabled)');
          return next && next.dataset.call !== pending.id ? next : null;
        }, strip);
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
        <strong>{pending.agent}</strong> {WAITS_TO[pending.kind]} <code>{shownLine(pending.tool)}</code>
        {own ? whereCalled(pending) : <> on <strong>{pending.server}</strong></>}
        {warning !== undefined && (
          <>
            , held whatever its policy says: <CodeSpans text={warning} />
          </>
        )}
      </span>
      {/* A call carrying a value we hold is not allowed in one click here: Activity says why, with what it sends. */}
      {!warned && (
        <button type="button" className="button small primary" data-call={pending.id} disabled={busy} onClick={() => decide('allow')} aria-label={`Allow ${what} for ${pending.agent}`}>
          Allow
        </button>
      )}
      <button type="button" className="button small danger" disabled={busy} onClick={() => decide('deny')} aria-label={`Deny ${what} for ${pending.agent}`}>
        Deny
      </button>
      {warned ? (
        <a href={routeHref({ screen: 'activity' })} data-call={pending.id}>
          {more > 0 ? `Review in Activity, with ${plural(more, 'more call')} waiting` : 'Review in Activity'}
        </a>
      ) : (
        <a href={routeHref({ screen: 'activity' })}>{more > 0 ? `${plural(more, 'more call')} waiting, with arguments` : 'See its arguments'}</a>
      )}
      {error && (
        <span className="strip-error" role="alert">
          <CodeSpans text={error.message} />
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
/** Tool changes held for review (docs/configuration.md, "Pinned tools"): a link to the first server's page. */
function HeldLink({ held }: { held: readonly HeldChange[] }) {
  const server = held[0]?.server ?? '';
  return (
    <span className="strip-item">
      <a href={routeHref({ screen: 'service', server, tab: 'overview' })}>{plural(held.length, 'tool change')} to review</a>
    </span>
  );
}

/**
 * Services whose command or address waits for the person's approval: one links to its page, where
 * Approve is; several to Services, which lists each with its Approve (after failed and signed-out ones).
 */
function ApprovalLink({ waiting }: { waiting: readonly ServerStatus[] }) {
  const [only] = waiting;
  const link =
    waiting.length === 1 && only !== undefined
      ? { href: routeHref({ screen: 'service', server: only.name, tab: 'overview' }), text: `${only.name} waits for your approval` }
      : { href: routeHref({ screen: 'catalog' }), text: `${plural(waiting.length, 'service')} wait for your approval` };
  return (
    <span className="strip-item">
      <a href={link.href}>{link.text}</a>
    </span>
  );
}

export function StatusStrip({ route }: { route: Route }) {
  const linked = useConnection();
  const bridge = useBridge();
  const calls = useDecisions('call');
  const asks = useDecisions('ask');
  const held = useDecisions('toolChange').map((d) => d.item);
  // Confirmations and an app's calls are answered on Activity (or beside the app): the strip links there.
  const others = useDecisions('confirmation').length + useDecisions('appCall').length;
  // An app's open-link card waits beside the app, not on Activity: counted on every screen.
  const live = useLive();
  const links = useStore(live.appLinks).size;
  const approvals = useStore(live.servers).servers.filter((status) => serverHealth(status) === 'approval');
  if (linked !== 'live') return null; // the connection banner says what is wrong, as an alert
  const [first, ...rest] = calls.map((d) => d.item);
  const paused = bridge?.paused === true;
  const othersBeside = asks.length > 0 || first !== undefined || held.length > 0 || approvals.length > 0;
  return (
    <div className="status-strip" role="region" aria-label="Status" tabIndex={-1}>
      <span className={`strip-item strip-bridge ${paused ? 'strip-warn' : ''}`.trim()}>
        <span className={`strip-dot ${paused ? 'dot-warn' : bridge ? 'dot-ok' : 'dot-muted'}`} aria-hidden="true" />
        {bridge === null ? 'Bridge…' : paused ? <>{BRIDGE_PAUSED}. <a href={routeHref({ screen: 'agents' })}>Resume on Agents</a></> : BRIDGE_OPEN}
      </span>
      <span className="strip-item">
        <span className="strip-dot dot-ok" aria-hidden="true" />
        App running
      </span>
      {asks.length > 0 && route.screen !== 'activity' && <span className="strip-item">{questionsWaiting(asks.length)}</span>}
      {first !== undefined && route.screen !== 'activity' && <WaitingCall pending={first} more={rest.length} />}
      {held.length > 0 && <HeldLink held={held} />}
      {approvals.length > 0 && <ApprovalLink waiting={approvals} />}
      {others > 0 && route.screen !== 'activity' && (
        <span className="strip-item">
          {/* "Other" only beside another waiting item; alone it points at nothing the person can see. */}
          <a href={routeHref({ screen: 'activity' })}>{plural(others, othersBeside ? 'other decision' : 'decision')} waiting for you</a>
        </span>
      )}
      {links > 0 && <span className="strip-item">{links === 1 ? 'An app asks you to open an address' : `${String(links)} apps ask you to open an address`}</span>}
      {first === undefined && asks.length === 0 && held.length === 0 && approvals.length === 0 && others === 0 && links === 0 && <span className="strip-item muted">{NOTHING_WAITS}</span>}
    </div>
  );
}
