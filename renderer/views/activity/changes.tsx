import { useEffect, useState } from 'react';
import { outcomeWords, type AdminActor, type AdminEntry, type AdminOutcome } from '../../../shared/api';
import { revealHidden } from '../../../shared/text';
import { Badge, CodeSpans, ErrorNote, LoadingSkeleton, ShowAllText, Table, type TextHead } from '../../components';
import { describeError, timestamp, type ShownError } from '../../lib';
import { useLive } from '../../state';
import { claimedProcess } from './claimed-process';
import { laterOutcome, laterOutcomes } from './later-outcomes';
import { serviceWords } from './service-words';

const LIMIT = 200;
/** A few lines of the error column, narrow beside the change (activity.css, .change-error): its prefix and the start of what the server said. */
const ERROR_HEAD: TextHead = { lines: 3, chars: 120 };
const WHO: Record<AdminActor, string> = { app: 'web UI', ipc: 'app', terminal: 'terminal', cli: 'command line or a program', 'cli-offline': 'command line or a program, app closed', core: 'automatic (the app)', file: 'file edited outside the app' };
const TONE: Record<AdminOutcome, 'ok' | 'warn' | 'error' | 'muted'> = {
  ok: 'ok',
  confirmed: 'ok',
  acknowledged: 'muted',
  waiting: 'warn',
  refused: 'error',
  expired: 'muted',
  withdrawn: 'muted',
  failed: 'error',
  pending: 'warn',
};

/** Widenings no app confirmed (the command line's while the app was closed, edits of agents.json), until the person has looked. */
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
      <h2 id="offline-title">Changes to review: made from the command line or a program while the app was closed, or by editing agents.json</h2>
      <ul>
        {list.map((e) => (
          <li key={e.id}>
            {timestamp(e.time)}: {revealHidden(serviceWords(e.summary))}
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

function Outcome({ entry, decided }: { entry: AdminEntry; decided: AdminOutcome | undefined }) {
  if (decided !== undefined) {
    return (
      <>
        <Badge tone="muted">{entry.outcome === 'waiting' ? 'asked' : 'begun'}</Badge>
        <span className="muted">, then {outcomeWords(decided)}</span>
      </>
    );
  }
  return <Badge tone={TONE[entry.outcome]}>{outcomeWords(entry.outcome)}</Badge>;
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
  const ended = laterOutcomes(entries ?? []);
  return (
    <section aria-labelledby="admin-title" aria-busy={entries === null && !error}>
      <h2 id="admin-title">Changes</h2>
      {error && <ErrorNote error={error} />}
      {entries === null && !error && <LoadingSkeleton label="Loading the changes" />}
      {entries?.length === 0 && <p className="empty">No changes recorded yet.</p>}
      {entries && entries.length > 0 && (
        <Table caption="Changes, newest first" columns={['Time', 'Who', 'Change', 'Outcome']} className="stack-narrow">
          {entries.map((e) => (
            <tr key={e.id}>
              <td data-label="Time">{timestamp(e.time)}</td>
              <td data-label="Who">
                {WHO[e.who]}
                {e.pid !== undefined && <span className="muted"> ({claimedProcess(e.pid)})</span>}
              </td>
              <td data-label="Change" className="change-summary">
                {revealHidden(serviceWords(e.summary))}
              </td>
              <td data-label="Outcome" className="change-outcome">
                <Outcome entry={e} decided={laterOutcome(e, ended)} />
                {e.error !== undefined && (
                  // Its first lines, the rest behind "Show all": a server's error may be one word of 20,000 characters, and the log holds 200 rows.
                  <ShowAllText as="span" className="muted change-error" text={e.error} head={ERROR_HEAD} render={(shown) => <CodeSpans text={shown} />} />
                )}
              </td>
            </tr>
          ))}
        </Table>
      )}
    </section>
  );
}

/** Activity's "Changes": offline changes to review and the admin log (changes waiting to be confirmed are under "Waiting for you"). */
export function Changes() {
  return (
    <>
      <OfflineChanges />
      <AdminLogTable />
    </>
  );
}
