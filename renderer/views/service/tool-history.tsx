import { useEffect, useState } from 'react';
import type { AuditEntry, ToolInfo } from '../../../shared/api';
import { Badge } from '../../components';
import { shownLine, timestamp } from '../../lib';
import { useLive } from '../../state';

/** One call of a tool: the person's from this page, or an agent's from the audit log. */
export interface ToolCallRecord {
  at: number;
  who: string;
  outcome: 'ok' | 'tool_error' | 'error' | 'denied' | 'cancelled';
  ms: number;
  /** Known for the person's calls; for an agent's only when the audit log records arguments. */
  args?: Record<string, unknown>;
}

const SESSION_LIMIT = 20;
/** This session's calls by `server/tool`: kept while the page lives, so coming back to a tool shows them. */
const session = new Map<string, ToolCallRecord[]>();
const keyOf = (tool: Pick<ToolInfo, 'server' | 'name'>) => `${tool.server}/${tool.name}`;

export function recordToolCall(tool: Pick<ToolInfo, 'server' | 'name'>, record: ToolCallRecord): void {
  session.set(keyOf(tool), [record, ...(session.get(keyOf(tool)) ?? [])].slice(0, SESSION_LIMIT));
}

function fromAudit(entry: AuditEntry): ToolCallRecord {
  const args = entry.arguments !== null && typeof entry.arguments === 'object' && !Array.isArray(entry.arguments) ? (entry.arguments as Record<string, unknown>) : undefined;
  return { at: entry.time, who: `agent ${entry.agent}`, outcome: entry.outcome, ms: entry.callMs ?? entry.durationMs, ...(args !== undefined && !('truncated' in args) ? { args } : {}) };
}

const TONE = { ok: 'ok', tool_error: 'warn', error: 'error', denied: 'error', cancelled: 'muted' } as const;

/** The tool's calls, newest first: this session's and the agents' from the audit log, each with Run again. */
export function ToolHistory({ tool, version, onRerun, disabled }: { tool: ToolInfo; version: number; onRerun: (args: Record<string, unknown>) => void; disabled: boolean }) {
  const live = useLive();
  const [agents, setAgents] = useState<ToolCallRecord[]>([]);
  useEffect(() => {
    let current = true;
    live.api.readAudit({ server: tool.server, limit: 200 }).then(
      (list) => current && setAgents(list.filter((e) => e.kind === 'tool' && e.tool === tool.name).map(fromAudit)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [live, tool.server, tool.name, version]);
  const calls = [...(session.get(keyOf(tool)) ?? []), ...agents].sort((a, b) => b.at - a.at).slice(0, 30);
  return (
    <section className="tool-history" aria-labelledby="tool-history-title">
      <h3 id="tool-history-title">Calls of {shownLine(tool.name)}</h3>
      {calls.length === 0 ? (
        <p className="empty">No calls yet, from you or an agent.</p>
      ) : (
        <ul className="history-list">
          {calls.map((c, i) => (
            <li key={`${c.at}-${i}`}>
              <span>{timestamp(c.at)}</span> <span>{c.who}</span> <Badge tone={TONE[c.outcome]}>{c.outcome.replace('_', ' ')}</Badge> <span className="muted">{c.ms} ms</span>{' '}
              {c.args !== undefined ? (
                <>
                  <code className="history-args">{shownLine(JSON.stringify(c.args)).slice(0, 120)}</code>{' '}
                  <button type="button" className="button small" disabled={disabled} onClick={() => c.args !== undefined && onRerun(c.args)} aria-label={`Run again, ${tool.name} as called at ${timestamp(c.at)}`}>
                    Run again
                  </button>
                </>
              ) : (
                <span className="muted">arguments not recorded</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
