import { useEffect, useRef, useState } from 'react';
import { AGENT_CLIENTS, notWrittenReason, type ClientChange, type ClientInfo, type ClientPlan } from '../../../shared/api';
import { CodeSpans, Dialog, ErrorNote, SecretField } from '../../components';
import { describeError, focusIfLost, shownLine, timestamp, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { ClientDiff } from './client-diff';
import './clients.css';
import { useFirstRequest } from './use-first-request';

type Step = { step: 'choose' } | { step: 'review'; client: ClientInfo; plan: ClientPlan } | { step: 'done'; client: ClientInfo; change: ClientChange; since: number };

function FirstRequestNote({ agent, client, since }: { agent: string; client: ClientInfo; since: number }) {
  const first = useFirstRequest(agent, since);
  if (first.state === 'waiting') {
    return (
      <p className="note" role="status">
        Waiting for {client.label}’s first request… Restart {client.label}, or reload its MCP servers, to pick up the change.
      </p>
    );
  }
  if (first.state === 'gave-up') return <p className="note note-warn" role="status">{client.label} has not reached the bridge yet. Restart it, then look at this agent’s “last used”.</p>;
  return (
    <p className="note note-ok" role="status">
      {client.label} reached the bridge as {agent} at {timestamp(first.at)}.
      {first.call !== undefined && (
        <>
          {' '}
          First call: <code>{shownLine(first.call.tool)}</code> on {first.call.server} ({first.call.outcome}).
        </>
      )}
    </p>
  );
}

/** Connects an agent to a client installed for this person: pick, read the diff, write, watch the first request. */
export function ConnectClientDialog({ agent, onClose, onConnected }: { agent: string; onClose: () => void; onConnected?: () => void }) {
  const live = useLive();
  const [clients, setClients] = useState<ClientInfo[] | null>(null);
  const [step, setStep] = useState<Step>({ step: 'choose' });
  const [error, setError] = useState<ShownError | null>(null);
  const [busy, setBusy] = useState(false);
  /** What a step's work leads to: the next step's first line, or the error. */
  const reviewRef = useRef<HTMLParagraphElement>(null);
  const wroteRef = useRef<HTMLParagraphElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let current = true;
    live.api.listClients({}).then(
      (list) => current && setClients([...list].sort((a, b) => Number(b.detected) - Number(a.detected))),
      (failure: unknown) => current && setError(describeError(failure)),
    );
    return () => {
      current = false;
    };
  }, [live]);
  const run = (work: () => Promise<void>, next: { current: HTMLElement | null }) => {
    setBusy(true);
    setError(null);
    // The pressed button (Connect, Write) is disabled while the work runs, then gone: focus goes to
    // what it led to instead of the page (WCAG 2.4.3).
    work().then(
      () => {
        setBusy(false);
        focusIfLost(() => next.current);
      },
      (failure: unknown) => {
        setBusy(false);
        setError(describeError(failure));
        focusIfLost(() => errorRef.current);
      },
    );
  };
  const review = (client: ClientInfo) =>
    run(async () => setStep({ step: 'review', client, plan: await live.api.planClientConnection({ agent, client: client.client }) }), reviewRef);
  return (
    <Dialog title={`Connect ${agent} to an installed client`} onClose={onClose} wide>
      {error && (
        <div ref={errorRef} tabIndex={-1}>
          <ErrorNote error={error} onDismiss={() => setError(null)} />
        </div>
      )}
      {step.step === 'choose' && (
        <>
          <p>
            The bridge’s entry is written into the client’s own settings for you (never a project file), as <code>connected-services agents connect</code> does. You see the change before anything is written.
          </p>
          {clients === null && !error && <p className="muted">Looking for clients…</p>}
          <ul className="client-list">
            {(clients ?? []).map((c) => (
              <li key={c.client} className={c.detected ? 'client found' : 'client'}>
                <div>
                  <strong>{c.label}</strong> <span className="muted">{c.detected ? `found: ${shownLine(c.evidence ?? '')}` : 'not found for you'}</span>
                  {c.agents.includes(agent) && <span className="muted"> · already holds {agent}</span>}
                  <div className="muted small">
                    <code>{shownLine(c.file)}</code>
                  </div>
                </div>
                <button type="button" className={c.detected ? 'button small primary' : 'button small'} disabled={busy} onClick={() => review(c)} aria-label={`Connect ${agent} to ${c.label}`}>
                  {c.agents.includes(agent) ? 'Connect again' : 'Connect'}
                </button>
              </li>
            ))}
            {/* Listed, not hidden: the clients whose configuration is not written here, and where their entry comes from. */}
            {AGENT_CLIENTS.filter((c) => !c.written).map((c) => (
              <li key={c.id} className="client">
                <div>
                  <strong>{c.label}</strong> <span className="muted">not written here</span>
                  <div className="muted small">{notWrittenReason(c.id)}: “Show configuration to paste” gives its entry.</div>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {step.step === 'review' && (
        <>
          <p ref={reviewRef} tabIndex={-1}>
            {step.plan.unchanged ? 'Nothing to change in ' : step.plan.creates ? 'This creates ' : 'This changes '}
            <code>{shownLine(step.plan.file)}</code>
            {step.plan.creates ? '.' : ` (a copy of it as it is now is kept beside it).`}
          </p>
          <ClientDiff diff={step.plan.diff} />
          {step.plan.hardLinks !== undefined && (
            <p className="note note-warn">
              This file has {step.plan.hardLinks} names (hard links): it is written as a new file, and its other {step.plan.hardLinks === 2 ? 'name keeps' : `${step.plan.hardLinks - 1} names keep`} the old text.
            </p>
          )}
          {/* Said before Write: the write gives the agent a new token, and the config shown for it before stops working. */}
          {step.plan.rotates && (
            <p className="note note-warn">{agent} would get a new token: clients set up with its old token would stop working until they are connected again.</p>
          )}
          <ul className="plain-list muted">
            {step.plan.notes.map((n) => (
              <li key={n}>
                <CodeSpans text={n} />
              </li>
            ))}
          </ul>
          <div className="button-row">
            <button type="button" className="button" disabled={busy} onClick={() => setStep({ step: 'choose' })}>
              Back
            </button>
            <button
              type="button"
              className="button primary"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  const since = Date.now();
                  const change = await live.api.connectClient({ agent, client: step.client.client, base: step.plan.base });
                  setStep({ step: 'done', client: step.client, change, since });
                  onConnected?.();
                }, wroteRef)
              }
            >
              Write to {step.client.label}
            </button>
          </div>
        </>
      )}
      {step.step === 'done' && (
        <>
          <p className="note note-ok" ref={wroteRef} tabIndex={-1}>
            Wrote <code>{shownLine(step.change.plan.file)}</code>.{step.change.backup !== undefined && <> The file as it was: <code>{shownLine(step.change.backup)}</code>.</>}
          </p>
          {step.change.token !== undefined && (
            <div>
              <p>{step.client.label} asks for the token the first time it starts this server, and keeps it in its secret storage. Paste this there:</p>
              <SecretField value={step.change.token} label="token" />
            </div>
          )}
          <FirstRequestNote agent={agent} client={step.client} since={step.since} />
          <div className="button-row">
            <button type="button" className="button" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
