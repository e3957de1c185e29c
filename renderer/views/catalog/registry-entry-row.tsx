import { memo } from 'react';
import type { RegistryRow } from '../../../shared/api';
import { Badge } from '../../components';
import { shownLine, shownText } from '../../lib';

/** How an entry runs: its package kinds and remotes, as the registry names them. */
function kinds(row: RegistryRow): string {
  const all = [...row.packages.map((p) => p.registryType), ...row.remotes.map((r) => (r === 'sse' ? 'remote (SSE)' : 'remote'))];
  return [...new Set(all)].join(', ') || '—';
}

/** One registry entry: marked as the registry's, deprecated ones with the registry's message. */
export const RegistryEntryRow = memo(function RegistryEntryRow({ row, registryLabel }: { row: RegistryRow; registryLabel: string }) {
  const nameId = `registry-${row.registry}-${row.name}`;
  const title = row.title ?? row.name;
  return (
    <li className="row entry registry-entry" aria-labelledby={nameId}>
      <span className="registry-mark" aria-hidden="true">
        R
      </span>
      <div className="row-name">
        <span id={nameId} className="entry-name">
          {shownLine(title)}
        </span>
        <span className="row-sub clipped" title={shownText(row.description)}>
          {shownText(row.description)}
        </span>
        {row.status === 'deprecated' && (
          <span className="row-sub registry-deprecated">Deprecated{row.statusMessage !== undefined ? `: ${shownText(row.statusMessage)}` : ''}</span>
        )}
      </div>
      <span className="row-cell" title="How it runs">
        {kinds(row)}
      </span>
      <span className="row-cell" title="Registry id and version">
        <code>{shownLine(row.name)}</code> {shownLine(row.version)}
      </span>
      <span className="row-state">
        <Badge tone="muted" title={`From the registry at ${registryLabel}`}>
          registry
        </Badge>
        {row.status === 'deprecated' && <Badge tone="warn">deprecated</Badge>}
      </span>
      <span className="row-cell" />
      <span className="row-cell" />
      <div className="row-actions" />
    </li>
  );
});
