import { useState } from 'react';
import { IMPORT_SOURCES, type ImportReport, type ImportSource } from '../../../shared/api';
import { CodeSpans, ErrorNote } from '../../components';
import { describeError, plural, shownLine, type ShownError } from '../../lib';
import { useLive } from '../../state';

const NAMES: Record<ImportSource, string> = { 'claude-desktop': 'Claude Desktop', 'claude-code': 'Claude Code', cursor: 'Cursor', vscode: 'VS Code' };

/** Copies servers from other clients' configs; literal secrets found there move into the vault. */
export function ImportPanel() {
  const live = useLive();
  const [busy, setBusy] = useState<ImportSource | null>(null);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [error, setError] = useState<ShownError | null>(null);
  const run = (source: ImportSource) => {
    setBusy(source);
    setError(null);
    setReport(null);
    live.api
      .importConfig({ source })
      .then(
        async (result) => {
          setReport(result);
          await live.servers.refresh();
        },
        (failure: unknown) => setError(describeError(failure)),
      )
      .finally(() => setBusy(null));
  };
  return (
    <section aria-labelledby="import-title" className="panel">
      <h2 id="import-title">Import from another app</h2>
      <div className="button-row">
        {IMPORT_SOURCES.map((source) => (
          <button key={source} type="button" className="button small" disabled={busy !== null} onClick={() => run(source)}>
            Import from {NAMES[source]}
          </button>
        ))}
      </div>
      {error && <ErrorNote error={error} />}
      {report && (
        <div role="status" className="note note-ok">
          <p>
            {NAMES[report.source]}: added {plural(report.added.length, 'service')}, skipped {report.skipped.length}
            {report.secrets.length > 0 ? `, moved ${plural(report.secrets.length, 'secret')} into the vault` : ''}.
          </p>
          {report.skipped.length > 0 && (
            <ul>
              {report.skipped.map((s) => (
                <li key={`${s.from}/${s.name}`}>
                  {shownLine(s.name)}: <CodeSpans text={s.reason} />
                </li>
              ))}
            </ul>
          )}
          {report.inClear && report.inClear.length > 0 && (
            <ul>
              {report.inClear.map((c) => (
                <li key={`${c.server}/${c.field}`}>
                  {c.server}: {c.reason}. A URL holds no vault references: if the service takes it as a header, remove it from the URL and add it as one.
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  );
}
