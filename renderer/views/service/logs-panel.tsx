import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { LogLine } from '../../../shared/api';
import { CopyButton, ErrorNote, LoadingSkeleton } from '../../components';
import { plural, shownText } from '../../lib';
import { LEVEL_FILTERS, passesLevel, severityOf, type LevelFilter } from './log-level';
import { MAX_SHOWN_LINES, useServerLog } from './use-server-log';
import './inspect.css';

function clock(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Errors stand out (the error tone), warnings read as warnings, the rest stays quiet. */
const BADGE = { error: 'error', warning: 'warn', info: 'muted', debug: 'muted' } as const;

const kindOf = (line: LogLine) => (line.kind === 'message' ? (line.level ?? 'message') : line.kind);
const asText = (line: LogLine) => `${clock(line.at)} ${kindOf(line).padEnd(7)} ${line.text}`;

/** The matched words marked, so a search shows where it hit. */
function Marked({ text, words }: { text: string; words: string[] }) {
  if (words.length === 0) return <>{text}</>;
  const pattern = new RegExp(`(${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'gi');
  return <>{text.split(pattern).map((part, i) => (i % 2 === 1 ? <mark key={i}>{part}</mark> : part))}</>;
}

/** What the server wrote to stderr, its state changes and log messages, followed live, with search and copy. */
export function LogsPanel({ server }: { server: string }) {
  const { lines, loaded, missed, error } = useServerLog(server);
  const [search, setSearch] = useState('');
  const [follow, setFollow] = useState(true);
  const [level, setLevel] = useState<LevelFilter>('all');
  const box = useRef<HTMLDivElement>(null);

  const words = useMemo(() => search.toLowerCase().split(/\s+/).filter(Boolean), [search]);
  const shown = useMemo(
    () => lines.filter((l) => passesLevel(l, level) && words.every((w) => `${kindOf(l)} ${l.text}`.toLowerCase().includes(w))),
    [lines, words, level],
  );

  useLayoutEffect(() => {
    const element = box.current;
    if (follow && element) element.scrollTop = element.scrollHeight;
  }, [shown, follow]);

  return (
    <section className="logs" aria-labelledby="logs-title" aria-busy={!loaded}>
      <h2 id="logs-title">Logs</h2>
      <p className="muted">
        What {server} wrote to its error output, its state changes and its log messages, kept by the app while it runs (the newest{' '}
        {MAX_SHOWN_LINES} lines, secrets removed).
      </p>
      <div className="toolbar">
        <input type="search" aria-label="Search the log" placeholder="Search the log" value={search} onChange={(e) => setSearch(e.target.value)} />
        <label className="field inline">
          Show
          <select value={level} onChange={(e) => setLevel(e.target.value as LevelFilter)}>
            {LEVEL_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <label className="field inline">
          <input type="checkbox" checked={follow} onChange={(e) => setFollow(e.target.checked)} />
          Follow new lines
        </label>
        <CopyButton text={shown.map(asText).join('\n')} label={words.length > 0 || level !== 'all' ? 'Copy matching lines' : 'Copy all lines'} />
        <p className="toolbar-summary" aria-live="polite">
          {words.length > 0 || level !== 'all' ? `${shown.length} of ${plural(lines.length, 'line')}` : plural(lines.length, 'line')}
        </p>
      </div>
      {error && <ErrorNote error={error} />}
      {missed > 0 && <p className="note note-warn">{plural(missed, 'line')} came faster than this page could read them and are no longer kept.</p>}
      <div className="log-view" ref={box} role="log" aria-label={`Log of ${server}`} aria-live={follow ? 'polite' : 'off'} tabIndex={0}>
        {shown.map((line) => (
          <div key={line.seq} className={`log-line log-${line.kind} log-sev-${severityOf(line)}`} data-severity={severityOf(line)}>
            <time dateTime={new Date(line.at).toISOString()}>{clock(line.at)}</time>
            <span className="log-kind">
              <span className={`badge badge-${BADGE[severityOf(line)]}`}>{kindOf(line)}</span>
            </span>
            <span className="log-text">
              <Marked text={shownText(line.text)} words={words} />
            </span>
          </div>
        ))}
        {loaded && lines.length === 0 && <p className="empty">Nothing yet. Lines appear here as {server} starts and writes them.</p>}
        {loaded && lines.length > 0 && shown.length === 0 && <p className="empty">{search !== '' ? `No line matches “${search}”.` : 'No line at this level.'}</p>}
        {!loaded && <LoadingSkeleton label="Loading the log" shape="lines" count={4} />}
      </div>
    </section>
  );
}
