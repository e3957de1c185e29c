import { Fragment, memo, type ReactNode } from 'react';
import type { RegistryRow } from '../../../shared/api';
import { latestMarkedCount } from '../../../shared/catalog';
import { Badge, CopyButton } from '../../components';
import { shownText } from '../../lib';
import { lookAlikeShort, lookAlikeWarnings, sameTitleShort, shownEntryText } from './look-alike-note';

/** How an entry runs: its package kinds and remotes, as the registry names them. */
function kinds(row: RegistryRow): string {
  const all = [...row.packages.map((p) => p.registryType), ...row.remotes.map((r) => (r === 'sse' ? 'remote (SSE)' : 'remote'))];
  return [...new Set(all)].join(', ') || '—';
}

/** What the catalog says when the registry marked several versions of an entry latest at once. */
export function latestMarkedWords(row: Pick<RegistryRow, 'latestMarked' | 'latestMarkedAtLeast' | 'latestLastListed'>): string {
  // Versions that are not semantic versions have no highest: the core shows the last the registry listed.
  return `${latestMarkedCount(row)} versions were marked latest; showing the ${row.latestLastListed === true ? 'last listed' : 'highest'}.`;
}

/** An id with a break opportunity after each dot and slash (io.github.owner/name), its text unchanged. */
function breakable(id: string): ReactNode[] {
  return id.split(/(?<=[./])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}

/** The command that installs an entry from the terminal (docs/configuration.md, "Installing a registry entry"). */
export function installCommand(row: RegistryRow): string {
  const short = (row.name.split('/').pop() ?? 'server').replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 48);
  // Pasted into a shell: only characters a shell takes literally (the name's pattern is the registry's own).
  const version = /^[A-Za-z0-9._+-]+$/.test(row.version) ? `@${row.version}` : '';
  const id = /^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/.test(row.name) ? row.name : JSON.stringify(row.name);
  // --connect: the same one step as the app (shown, approved once, added, signed in, started).
  return `connected-services servers add ${short || 'server'} --from-registry ${id}${version} --connect`;
}

/** One registry entry: marked as the registry's, deprecated ones with the registry's message. */
export const RegistryEntryRow = memo(function RegistryEntryRow({ row, registryLabel, onInstall }: { row: RegistryRow; registryLabel: string; onInstall: (row: RegistryRow) => void }) {
  const nameId = `registry-${row.registry}-${row.name}`;
  // Labels too: a screen reader would read a Cyrillic і as the Latin letter it imitates.
  const title = shownEntryText(row.title ?? row.name);
  const lookAlike = lookAlikeWarnings(row);
  return (
    <li className="row entry registry-entry" aria-labelledby={nameId}>
      <span className="registry-mark" aria-hidden="true">
        R
      </span>
      <div className="row-name">
        <span id={nameId} className="entry-name">
          {title}
        </span>
        <span className="row-sub clipped" title={shownText(row.description)}>
          {shownText(row.description)}
        </span>
        {lookAlikeShort(row).map((warning) => (
          <span key={warning} className="row-sub registry-look-alike">
            {warning}
          </span>
        ))}
        {row.sameTitleAs && <span className="row-sub registry-same-title">{sameTitleShort(row)}</span>}
        {row.status === 'deprecated' && (
          <span className="row-sub registry-deprecated">Deprecated{row.statusMessage !== undefined ? `: ${shownText(row.statusMessage)}` : ''}</span>
        )}
      </div>
      <span className="row-cell" title="How it runs">
        {kinds(row)}
      </span>
      {/* An id longer than its column wraps up to four lines and ends in "…" past them; the title and the text hold it whole. */}
      <span className="row-cell registry-id" title={`Registry id ${shownEntryText(row.name)}, version ${shownEntryText(row.version)}${row.latestMarked !== undefined ? `. ${latestMarkedWords(row)}` : ''}`}>
        <code>{breakable(shownEntryText(row.name))}</code>
        <span>{shownEntryText(row.version)}</span>
      </span>
      <span className="row-state">
        <Badge tone="muted" title={`From the registry at ${registryLabel}`}>
          registry
        </Badge>
        {row.status === 'deprecated' && <Badge tone="warn">deprecated</Badge>}
        {lookAlike.length > 0 && (
          <Badge tone="warn" title={lookAlike.join(' ')}>
            look-alike
          </Badge>
        )}
      </span>
      <span className="row-cell" />
      <span className="row-cell" />
      <div className="row-actions">
        <div className="button-row">
          <button type="button" className="button small" aria-label={`Install ${title}`} onClick={() => onInstall(row)}>
            Install
          </button>
          {/* A short label: a title of 100 unbroken letters made one button as wide as the row, over its badges. Its name begins with the label, so speech input finds it by what it shows (WCAG 2.5.3). */}
          <CopyButton text={installCommand(row)} label="Copy command" name={`Copy command that adds ${title}`} className="button small" />
        </div>
      </div>
    </li>
  );
});
