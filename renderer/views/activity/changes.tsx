import { useEffect, useState } from 'react';
import type { AdminEntry, AdminOutcome, Caller, Confirmation } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { Badge, ErrorNote } from '../../components';
import { describeError, timestamp, type ShownError } from '../../lib';
import { useLive, useNow } from '../../state';
import { ConfirmationCard, ConfirmedResult, IssuedToken, SHOWN_RESULTS, tokenOf } from './confirmation-card';

const LIMIT = 200;
const WHO: Record<Caller, string> = { app: 'web UI', ipc: 'app', terminal: 'terminal', cli: 'command line', 'cli-offline': 'command line, app closed' };
const TONE: Record<AdminOutcome, 'ok' | 'warn' | 'error' | 'muted'> = {
  ok: 'ok',
  confirmed: 'ok',
  acknowledged: 'muted',
  waiting: 'warn',
  refused: 'error',
  expired: 'muted',
  failed: 'error',
};

/** Widenings the command line asked for, waiting for the person (they arrive as events). */
function WaitingConfirmations() {
  const live = useLive();
  const now = useNow(1000);
  const [list, setList] = useState<Confirmation[]>([]);
  const [issued, setIssued] = useState<Array<{ id: string; summary: string; token: string }>>([]);
  const [answers, setAnswers] = useState<Array<{ id: string; summary: string; result: unknown }>>([]);
  const done = (confirmation: Confirmation) => (id: string, result: unknown) => {
    setList((l) => l.filter((x) => x.id !== id));
    live.decisions.remove(id);
    const token = tokenOf(result);
    if (token !== undefined) setIssued((t) => [...t, { id, summary: confirmation.summary, token }]);
    else if (SHOWN_RESULTS.has(confirmation.method)) setAnswers((a) => [...a, { id, summary: confirmation.summary, result }]);
  };
  useEffect(() => {
    let current = true;
    live.api.listConfirmations({}).then(
      (loaded) => current && setList(loaded),
      () => undefined,
    );
    const offs = [
      live.api.on('confirmationPending', (c) => setList((l) => [...l.filter((x) => x.id !== c.id), c])),
      live.api.on('confirmationDecided', ({ id }) => setList((l) => l.filter((x) => x.id !== id))),
    ];
    return () => {
      current = false;
      for (const off of offs) off();
    };
  }, [live]);
  const shown = list.filter((c) => c.expiresAt > now);
  return (
    <section aria-labelledby="confirmations-title">
      <h2 id="confirmations-title">Changes asked from the command line {shown.length > 0 && <span className="count">({shown.length})</span>}</h2>
      {issued.length > 0 && (
        <ul className="card-list">
          {issued.map((t) => (
            <IssuedToken key={t.id} summary={t.summary} token={t.token} onDone={() => setIssued((all) => all.filter((x) => x.id !== t.id))} />
          ))}
        </ul>
      )}
      {answers.length > 0 && (
        <ul className="card-list">
          {answers.map((a) => (
            <ConfirmedResult key={a.id} summary={a.summary} result={a.result} onDone={() => setAnswers((all) => all.filter((x) => x.id !== a.id))} />
          ))}
        </ul>
      )}
      {shown.length === 0 ? (
        <p className="empty">Nothing from the command line is waiting for your confirmation.</p>
      ) : (
        <ul className="card-list">
          {shown.map((c) => (
            <ConfirmationCard key={c.id} confirmation={c} now={now} onDone={done(c)} />
          ))}
        </ul>
      )}
    </section>
  );
}

/** What the command line changed while the app was closed, until the person has looked. */
function OfflineChanges() {
  const live = useLive();
  const [list, setList] = useState<AdminEntry[]>([]);
  const [error, setError] = useState<ShownError | null>(null);
  useEffect(() => {
    let current = true;
    live.api.listOfflineChanges({}).then(
      (loaded) => current && setList(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [live]);
  if (list.length === 0) return null;
  const acknowledge = () => {
    const upTo = Math.max(...list.map((e) => e.time));
    live.api.acknowledgeChanges({ upTo }).then(
      () => setList([]),
      (failure: unknown) => setError(describeError(failure)),
    );
  };
  return (
    <section aria-labelledby="offline-title" className="card">
      <h2 id="offline-title">Changes made from the command line while the app was closed</h2>
      <ul>
        {list.map((e) => (
          <li key={e.id}>
            {timestamp(e.time)}: {revealHidden(e.summary)}
          </li>
        ))}
      </ul>
      <div className="button-row">
        <button type="button" className="button small primary" onClick={acknowledge}>
          I have reviewed these
        </button>
      </div>
      {error && <ErrorNote error={error} />}
    </section>
  );
}

/** Every change of policy, agents, servers, secrets and settings, who made it, and how it ended. */
function AdminLogTable() {
  const live = useLive();
  const [entries, setEntries] = useState<AdminEntry[] | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  useEffect(() => {
    let current = true;
    live.api.readAdminLog({ limit: LIMIT }).then(
      (list) => current && setEntries([...list].sort((a, b) => b.time - a.time)),
      (failure: unknown) => current && setError(describeError(failure)),
    );
    const off = live.api.on('adminEntry', (entry) => current && setEntries((list) => [entry, ...(list ?? []).filter((e) => e.id !== entry.id)].sort((a, b) => b.time - a.time).slice(0, LIMIT)));
    return () => {
      current = false;
      off();
    };
  }, [live]);
  return (
    <section aria-labelledby="admin-title">
      <h2 id="admin-title">Changes</h2>
      {error && <ErrorNote error={error} />}
      {entries?.length === 0 && <p className="empty">No changes recorded yet.</p>}
      {entries && entries.length > 0 && (
        // Focusable: where the window is narrower than the table, the keyboard scrolls it (WCAG 2.1.1).
        <table className="table" tabIndex={0}>
          <caption className="visually-hidden">Changes, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Who</th>
              <th scope="col">Change</th>
              <th scope="col">Outcome</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>{timestamp(e.time)}</td>
                <td>
                  {WHO[e.who]}
                  {e.pid !== undefined && <span className="muted"> (process {e.pid})</span>}
                </td>
                <td>{revealHidden(e.summary)}</td>
                <td>
                  <Badge tone={TONE[e.outcome]}>{e.outcome}</Badge>
                  {e.error !== undefined && <span className="muted"> {e.error}</span>}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** Activity's "Changes": confirmations asked from the command line, offline changes to review, the admin log. */
export function Changes() {
  return (
    <>
      <OfflineChanges />
      <WaitingConfirmations />
      <AdminLogTable />
    </>
  );
}
