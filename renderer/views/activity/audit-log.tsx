import { useEffect, useMemo, useState } from 'react';
import { AUDIT_OUTCOMES, type AuditEntry, type AuditOutcome } from '../../../shared/api';
import { Badge, ErrorNote } from '../../components';
import { describeError, shownLine, timestamp, type ShownError } from '../../lib';
import { useLive, useStore } from '../../state';
import { approvalText, callDuration } from './audit-wording';

const LIMIT = 200;
const OUTCOME_TONE: Record<AuditOutcome, 'ok' | 'warn' | 'error' | 'muted'> = { ok: 'ok', tool_error: 'warn', error: 'error', denied: 'error', cancelled: 'muted' };

interface Filters {
  agent: string;
  server: string;
  outcome: AuditOutcome | '';
}

function matches(entry: AuditEntry, f: Filters): boolean {
  return (f.agent === '' || entry.agent === f.agent) && (f.server === '' || entry.server === f.server) && (f.outcome === '' || entry.outcome === f.outcome);
}

/** Every agent call (newest first), filterable; new calls arrive as `auditEntry` events. */
export function AuditLog() {
  const live = useLive();
  const { servers } = useStore(live.servers);
  const [filters, setFilters] = useState<Filters>({ agent: '', server: '', outcome: '' });
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [agents, setAgents] = useState<string[]>([]);
  const [error, setError] = useState<ShownError | null>(null);

  useEffect(() => {
    live.api.listAgents({}).then(
      (list) => setAgents(list.map((a) => a.name)),
      () => undefined,
    );
  }, [live]);

  useEffect(() => {
    let current = true;
    setEntries(null);
    live.api
      .readAudit({
        limit: LIMIT,
        ...(filters.agent !== '' ? { agent: filters.agent } : {}),
        ...(filters.server !== '' ? { server: filters.server } : {}),
        ...(filters.outcome !== '' ? { outcome: filters.outcome } : {}),
      })
      .then(
        (list) => current && setEntries([...list].sort((a, b) => b.time - a.time)),
        (failure: unknown) => current && setError(describeError(failure)),
      );
    const off = live.api.on('auditEntry', (entry) => {
      if (current && matches(entry, filters)) setEntries((list) => [entry, ...(list ?? [])].slice(0, LIMIT));
    });
    return () => {
      current = false;
      off();
    };
  }, [live, filters]);

  const agentChoices = useMemo(() => [...new Set([...agents, ...(entries ?? []).map((e) => e.agent)])].sort(), [agents, entries]);
  const set = (patch: Partial<Filters>) => setFilters((f) => ({ ...f, ...patch }));

  return (
    <section aria-labelledby="audit-title">
      <h2 id="audit-title">Agent calls</h2>
      <div className="toolbar">
        <label className="field inline">
          <span>Agent</span>
          <select value={filters.agent} onChange={(e) => set({ agent: e.target.value })}>
            <option value="">Any agent</option>
            {agentChoices.map((a) => (
              <option key={a} value={a}>
                {a}
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
      {entries === null && !error && <p className="empty">Loading…</p>}
      {entries?.length === 0 && <p className="empty">No calls recorded{filters.agent || filters.server || filters.outcome ? ' for these filters' : ' yet'}.</p>}
      {entries && entries.length > 0 && (
        // Focusable: where the window is narrower than the table, the keyboard scrolls it (WCAG 2.1.1).
        <table className="table" tabIndex={0}>
          <caption className="visually-hidden">Agent calls, newest first</caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">Agent</th>
              <th scope="col">Service</th>
              <th scope="col">Call</th>
              <th scope="col">Outcome</th>
              <th scope="col">Duration</th>
              <th scope="col">Approval</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e, i) => (
              <tr key={`${e.time}-${i}`}>
                <td>{timestamp(e.time)}</td>
                <td>{e.agent}</td>
                <td>{e.server}</td>
                <td>
                  <code>{shownLine(e.tool)}</code> {e.kind !== 'tool' && <span className="muted">({e.kind})</span>}
                </td>
                <td>
                  <Badge tone={OUTCOME_TONE[e.outcome]}>{e.outcome.replace('_', ' ')}</Badge>
                  {e.errorCode !== undefined && e.errorCode !== e.outcome && <span className="muted"> {e.errorCode}</span>}
                </td>
                <td title={`${Math.round(e.durationMs)} ms`}>{callDuration(e.durationMs)}</td>
                <td>{approvalText(e)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
