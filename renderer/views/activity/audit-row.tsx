import { useId, useState } from 'react';
import type { AuditEntry, AuditOutcome, ListingBound } from '../../../shared/api';
import { Badge, CodeSpans, JsonView } from '../../components';
import { MAX_TITLE } from '../../../shared/text';
import { ERROR_KIND, shownLine, timestamp } from '../../lib';
import { approvalText, callDuration, decidedByText, noAgentText } from './audit-wording';

const OUTCOME_TONE: Record<AuditOutcome, 'ok' | 'warn' | 'error' | 'muted'> = { ok: 'ok', tool_error: 'warn', error: 'error', denied: 'error', cancelled: 'muted' };
export const AUDIT_COLUMNS = 8;
/** A line standing for many: refusals are counted per agent, and so are calls past 600 a minute. */
const REPEATED_WORD: Record<AuditOutcome, string> = { ok: 'calls like it', tool_error: 'calls like it', cancelled: 'calls like it', error: 'refused', denied: 'refused' };

/** What the audit log kept of a value: recorded only with `settings.auditArguments` on. */
function Recorded({ value, label, leftOut }: { value: unknown; label: string; leftOut: AuditEntry['leftOut'] }) {
  if (value !== undefined) return <JsonView value={value} label={label} />;
  if (leftOut === 'flood') return <p className="muted">Left out: this agent had already recorded 256 KiB of arguments and results in that minute.</p>;
  if (leftOut === 'answer') return <p className="muted">Left out of this list to keep it small: the audit file has it.</p>;
  return (
    <p className="muted">
      Not recorded. To keep arguments and results (redacted, as agents get them), set <code>settings.auditArguments</code> to <code>true</code> in mcp.json.
    </p>
  );
}

const mib = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** A listing switch: what the agent searches instead of listing, and why (the size past the bound). */
function listingText(listing: ListingBound): string {
  if (listing.searched.length === 0) return 'lists every tool again';
  const sizes = listing.searched.map((s) => `${s.server} (${mib(s.bytes)})`).join(', ');
  return listing.every ? `searches all its services: ${sizes}, past ${mib(listing.boundBytes)} together` : `searches ${sizes} instead of listing them: past ${mib(listing.boundBytes)} each`;
}

/** The call's own time, and the person's wait apart when there was one. */
function timing(e: AuditEntry): string {
  if (e.callMs === undefined) return e.waitMs !== undefined ? `never ran (waited ${callDuration(e.waitMs)} for you)` : 'never ran';
  return e.waitMs !== undefined ? `${callDuration(e.callMs)}, after waiting ${callDuration(e.waitMs)} for you` : callDuration(e.callMs);
}

/** An agent's or service's name as the audit file holds it: a tampered file can hold any text, so shown escaped and cut. */
export const auditName = (name: string): string => shownLine(name, MAX_TITLE);

/** One agent call: a row that opens to its arguments, its result, who decided and how long the call took. */
export function AuditRow({ entry: e }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const what = `${shownLine(e.tool)} on ${e.server ? auditName(e.server) : 'no service'} at ${timestamp(e.time)}`;
  // A row kept before durations were split: its one duration includes any wait.
  const shownDuration = e.callMs ?? e.durationMs;
  return (
    <>
      <tr className={open ? 'audit-open' : undefined}>
        <td>
          <button type="button" className="button small disclosure" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen((o) => !o)}>
            <span aria-hidden="true">{open ? '▾' : '▸'}</span>
            <span className="visually-hidden">Details of {what}</span>
          </button>
        </td>
        <td data-label="Time">{timestamp(e.time)}</td>
        <td data-label="Agent">{e.via === 'app' ? <Badge tone="muted">from an app</Badge> : e.agent === '' ? <span className="muted">{noAgentText(e)}</span> : auditName(e.agent)}</td>
        {/* A call to a tool no service has, a request refused before any, a listing of all: an empty cell read as a missing value. */}
        <td data-label="Service">{e.server ? auditName(e.server) : <span className="muted">{e.kind === 'listing' ? 'its services' : 'no service'}</span>}</td>
        <td data-label="Call">
          <code className="audit-call">{shownLine(e.tool)}</code> {e.kind !== 'tool' && <span className="muted">({e.kind})</span>}
          {e.repeated !== undefined && <Badge tone="warn">{`and ${e.repeated} more ${e.kind === 'listing' ? 'switches' : REPEATED_WORD[e.outcome]} ${e.counting === true ? 'so far this minute' : 'in that minute'}`}</Badge>}
          {e.listing !== undefined && <span className="muted"> {listingText(e.listing)}</span>}
          {e.warning !== undefined && (
            <span className="note note-warn audit-warning" role="note">
              Held for you: <CodeSpans text={e.warning} />
            </span>
          )}
        </td>
        <td data-label="Outcome">
          <Badge tone={OUTCOME_TONE[e.outcome]}>{e.outcome.replace('_', ' ')}</Badge>
          {/* The kind in words; the code, which scripts and the audit file go by, is in the details. */}
          {e.errorCode !== undefined && e.errorCode !== e.outcome && <span className="muted"> {ERROR_KIND[e.errorCode]}</span>}
        </td>
        <td data-label="Duration" title={`${Math.round(shownDuration)} ms`}>{e.callMs === undefined && e.waitMs !== undefined ? '—' : callDuration(shownDuration)}</td>
        <td data-label="Approval">{approvalText(e)}</td>
      </tr>
      {open && (
        <tr id={detailsId} className="audit-details">
          <td colSpan={AUDIT_COLUMNS}>
            <dl className="audit-facts">
              <dt>Decided by</dt>
              <dd>{decidedByText(e)}</dd>
              <dt>The call took</dt>
              <dd>{timing(e)}</dd>
              {e.errorCode !== undefined && (
                <>
                  <dt>Error</dt>
                  <dd>
                    {ERROR_KIND[e.errorCode]}{' '}
                    <small className="error-code">
                      (<code>{e.errorCode}</code>)
                    </small>
                  </dd>
                </>
              )}
            </dl>
            {(e.kind === 'tool' || e.kind === 'prompt') && (
              <>
                <h3 className="audit-part">Arguments</h3>
                <Recorded value={e.arguments} label={`Arguments of ${what}`} leftOut={e.leftOut} />
              </>
            )}
            <h3 className="audit-part">Result</h3>
            {e.callMs === undefined && e.result === undefined ? (
              <p className="muted">No result: the call did not run.</p>
            ) : e.result === undefined && e.arguments === undefined && e.leftOut === undefined && (e.kind === 'tool' || e.kind === 'prompt') ? (
              // Why nothing was kept is said once, under the arguments.
              <p className="muted">Not recorded either.</p>
            ) : (
              <Recorded value={e.result} label={`Result of ${what}`} leftOut={e.leftOut} />
            )}
          </td>
        </tr>
      )}
    </>
  );
}
