import { useEffect, useMemo, useRef, useState } from 'react';
import { AUDIT_OUTCOMES, type AuditEntry, type AuditOutcome } from '../../../shared/api';
import { ErrorNote, LoadingSkeleton, Table, type TableColumn } from '../../components';
import { describeError, routeHref, type ShownError } from '../../lib';
import { useLive, useStore } from '../../state';
import { mergeArrived, olderCursor, shownOf, withArrived, withOlder, type AuditShown } from './audit-merge';
import { AuditRow, auditName } from './audit-row';

const LIMIT = 200;
const AUDIT_COLUMNS: readonly TableColumn[] = [{ label: 'Details', hidden: true }, 'Time', 'Agent', 'Service', 'Call', 'Outcome', 'Duration', 'Approval'];

interface Filters {
  agent: string;
  server: string;
  outcome: AuditOutcome | '';
}

/** The App API's filters of `f`. */
const queryOf = (f: Filters) => ({
  ...(f.agent !== '' ? { agent: f.agent } : {}),
  ...(f.server !== '' ? { server: f.server } : {}),
  ...(f.outcome !== '' ? { outcome: f.outcome } : {}),
});

function matches(entry: AuditEntry, f: Filters): boolean {
  return (f.agent === '' || entry.agent === f.agent) && (f.server === '' || entry.server === f.server) && (f.outcome === '' || entry.outcome === f.outcome);
}

/**
 * A key for each entry shown, kept as long as the entry is: calls arriving above must not remount
 * the rows below (an open row would close). Events carry no `at`, and equal calls are two rows.
 */
function useRowKeys(): (entry: AuditEntry) => number {
  const keys = useRef({ of: new WeakMap<AuditEntry, number>(), next: 0 });
  return (entry) => {
    const { of } = keys.current;
    const known = of.get(entry);
    if (known !== undefined) return known;
    const key = ++keys.current.next;
    of.set(entry, key);
    return key;
  };
}

/** Every agent call (newest first), filterable; new calls arrive as `auditEntry` events. */
export function AuditLog() {
  const live = useLive();
  const { servers } = useStore(live.servers);
  const callsWaiting = useStore(live.decisions).some((d) => d.kind === 'call');
  const [filters, setFilters] = useState<Filters>({ agent: '', server: '', outcome: '' });
  const [shown, setShown] = useState<AuditShown | null>(null);
  const entries = shown?.entries ?? null;
  const [loadingOlder, setLoadingOlder] = useState(false);
  /** Which filters' list is shown: an older page read for earlier filters is dropped. */
  const generation = useRef(0);
  const [agents, setAgents] = useState<string[]>([]);
  const [error, setError] = useState<ShownError | null>(null);
  const rowKey = useRowKeys();

  useEffect(() => {
    live.api.listAgents({}).then(
      (list) => setAgents(list.map((a) => a.name)),
      () => undefined,
    );
  }, [live]);

  useEffect(() => {
    let current = true;
    // Events that arrive before the read's answer: merged into it, not lost when it replaces the list.
    let arrived: AuditEntry[] | null = [];
    const mine = ++generation.current;
    setShown(null);
    setLoadingOlder(false);
    live.api.readAudit({ limit: LIMIT, ...queryOf(filters) }).then(
      (list) => {
        if (!current) return;
        setShown(shownOf(mergeArrived(list, arrived ?? []), LIMIT, olderCursor(list)));
        arrived = null;
      },
      (failure: unknown) => {
        if (!current) return;
        arrived = null;
        setError(describeError(failure));
      },
    );
    const off = live.api.on('auditEntry', (entry) => {
      if (!current || !matches(entry, filters)) return;
      if (arrived) arrived.push(entry);
      else setShown((now) => shownOf(withArrived(now?.entries ?? [], entry), now?.cap ?? LIMIT, now?.before));
    });
    return () => {
      current = false;
      off();
      if (generation.current === mine) generation.current++;
    };
  }, [live, filters]);

  const showOlder = (before: string) => {
    const mine = generation.current;
    setLoadingOlder(true);
    live.api.readAudit({ limit: LIMIT, before, ...queryOf(filters) }).then(
      (page) => {
        if (generation.current !== mine) return;
        setLoadingOlder(false);
        setShown((now) => (now ? withOlder(now, page, LIMIT) : now));
      },
      (failure: unknown) => {
        if (generation.current !== mine) return;
        setLoadingOlder(false);
        setError(describeError(failure));
      },
    );
  };

  const agentChoices = useMemo(() => [...new Set([...agents, ...(entries ?? []).map((e) => e.agent)])].sort(), [agents, entries]);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <section aria-labelledby="audit-title" aria-busy={entries === null && !error}>
      <h2 id="audit-title">Agent calls</h2>
      <div className="toolbar">
        <label className="field inline">
          <span>Agent</span>
          <select value={filters.agent} onChange={(e) => set({ agent: e.target.value })}>
            <option value="">Any agent</option>
            {agentChoices.map((a) => (
              <option key={a} value={a}>
                {auditName(a)}
              </option>
            ))}
          </select>
        </label>
        <label className="field inline">
          <span>Service</span>
          <select value={filters.server} onChange={(e) => set({ server: e.target.value })}>
            <option value="">Any service</option>
            {servers.map((s) => (
              <option key={s.name} value={s.name}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label className="field inline">
          <span>Outcome</span>
          <select value={filters.outcome} onChange={(e) => set({ outcome: e.target.value as AuditOutcome | '' })}>
            <option value="">Any outcome</option>
            {AUDIT_OUTCOMES.map((o) => (
              <option key={o} value={o}>
                {o.replace('_', ' ')}
              </option>
            ))}
          </select>
        </label>
      </div>
      {error && <ErrorNote error={error} />}
      {entries === null && !error && <LoadingSkeleton label="Loading agent calls" />}
      {entries?.length === 0 &&
        (filters.agent || filters.server || filters.outcome ? (
          <p className="empty">No calls recorded for these filters.</p>
        ) : (
          // A new user's empty log says where calls come from and where to start one; with calls
          // waiting above, an agent is connected already.
          callsWaiting ? (
            <p className="empty">No calls recorded yet. The agent calls waiting for you above show here once you allow or deny them.</p>
          ) : (
            <p className="empty">
              No calls recorded yet. Each call an agent makes through the bridge shows here: <a href={routeHref({ screen: 'agents' })}>connect an agent</a> to start.
            </p>
          )
        ))}
      {entries && entries.length > 0 && (
        <Table caption="Agent calls, newest first; open a row for its arguments, result, who decided and how long it took" columns={AUDIT_COLUMNS} className="stack-narrow">
          {entries.map((e) => (
            <AuditRow key={rowKey(e)} entry={e} />
          ))}
        </Table>
      )}
      {shown?.before !== undefined && (
        <button type="button" className="button" disabled={loadingOlder} onClick={() => shown.before !== undefined && showOlder(shown.before)}>
          {loadingOlder ? 'Showing older…' : 'Show older'}
        </button>
      )}
    </section>
  );
}
