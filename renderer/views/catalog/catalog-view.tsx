import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RegistryRow, ServerStatus } from '../../../shared/api';
import { CATALOG, type CatalogEntry, type ServerPlan } from '../../../shared/catalog';
import { hintSentence } from '../../../shared/errors';
import { CodeSpans, ConnectionGate, EntryFieldLabel, ErrorNote, LoadingSkeleton, PageHeader } from '../../components';
import { focusWhenShown, plural, serverRowFocus, shownLine } from '../../lib';
import { GATE_REASON, useConnection, useLive, useStore } from '../../state';
import { AddEntryDialog } from './add-entry-dialog';
import type { EntryFormData } from './entry-form-schema';
import { ApproveCommandDialog } from './approve-command-dialog';
import { entryRows, filterEntries, filterServers, serverRows, type StateFilter } from './catalog-model';
import { CatalogToolbar } from './catalog-toolbar';
import { ConnectSheet } from './connect-sheet';
import { planTarget, type ConnectTarget } from './connect-target';
import { CustomServiceDialog } from './custom-service-dialog';
import { EntryRow } from './entry-row';
import { PasteServiceDialog } from './paste-service-dialog';
import { RegistryInstallDialog } from './registry-install-dialog';
import { RegistrySection } from './registry-section';
import { RestartFailed } from './restart-failed';
import { ServerRow } from './server-row';
import { EditServiceDialog } from '../service/edit-service-dialog';
import { useProgressiveCount } from './use-progressive-count';
import { useRegistrySearch } from './use-registry-search';
import './catalog.css';

/** Rows added per frame: keeps a keystroke's repaint short with 1,000 services. */
const ROW_CHUNK = 80;

/** A catalog entry's connect sheet keeps its form's entry and what was typed, to go back to it. */
type FromForm = { entry: CatalogEntry; data: EntryFormData };
type Open = { kind: 'entry'; entry: CatalogEntry; initial?: EntryFormData } | { kind: 'connect'; target: ConnectTarget; from?: FromForm } | { kind: 'registry'; row: RegistryRow } | { kind: 'custom' } | { kind: 'paste' } | { kind: 'approve'; status: ServerStatus; changed?: boolean } | { kind: 'edit'; status: ServerStatus } | null;

/** Every configured server and every catalog entry, searchable and filterable by state. */
export function CatalogView() {
  const live = useLive();
  const linked = useConnection();
  const { loaded, servers, info, error } = useStore(live.servers);
  const { byServer } = useStore(live.tools);
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState<StateFilter>('all');
  const [open, setOpen] = useState<Open>(null);
  const [added, setAdded] = useState<string | null>(null);
  // What the added entry names that is not there (a Folder mistyped): it was added, but cannot start until it is.
  const [addedNotes, setAddedNotes] = useState<readonly string[]>([]);

  const showRegistry = filter === 'all' || filter === 'available';
  const registry = useRegistrySearch(query, showRegistry);
  const rows = useMemo(() => serverRows(servers, byServer, CATALOG), [servers, byServer]);
  // Never read (the UI's secret refused, the core gone): an empty list would say "none", untruly.
  const unread = error !== undefined && info === undefined;
  const entries = useMemo(() => entryRows(CATALOG, rows), [rows]);
  const shownServers = useMemo(() => filterServers(rows, query, filter), [rows, query, filter]);
  const shownEntries = useMemo(() => filterEntries(entries, query, filter), [entries, query, filter]);
  const shownIds = useMemo(() => new Set(shownEntries.map((row) => row.entry.id)), [shownEntries]);
  const shownNames = useMemo(() => new Set(shownServers.map((row) => row.status.name)), [shownServers]);
  // Every row stays mounted (a keystroke toggles `hidden`); the first render mounts ROW_CHUNK rows a frame.
  const rendered = useProgressiveCount(rows.length, ROW_CHUNK);
  // "Added" is news only until its first start fails: beside the row's error it read as all well.
  const addedFailed = added !== null && servers.some((s) => s.name === added && s.state === 'error');
  useEffect(() => {
    if (addedFailed) setAdded(null);
  }, [addedFailed]);
  const taken = useMemo(() => new Set(servers.map((s) => s.name)), [servers]);

  const onApprove = useCallback((status: ServerStatus) => setOpen({ kind: 'approve', status }), []);
  const onEdit = useCallback((status: ServerStatus) => setOpen({ kind: 'edit', status }), []);
  // The control that opened an add or install: focus comes back to it when the sheet leaves no row.
  const opener = useRef<HTMLElement | null>(null);
  const noteOpener = () => (opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null);
  const onAdd = useCallback((entry: CatalogEntry) => (noteOpener(), setOpen({ kind: 'entry', entry })), []);
  const close = useCallback(() => setOpen(null), []);
  const onAdded = useCallback((name: string, notes: readonly string[] = []) => {
    setOpen(null);
    setAdded(name);
    setAddedNotes(notes);
    // The Add button pressed is gone (the entry now says "Add again"): focus goes to the new row's next step.
    focusWhenShown(() => serverRowFocus(name));
  }, []);
  // The catalog's Add: its form, then one sheet that adds, approves and connects (connect-sheet.tsx).
  const onPlanned = useCallback((entry: CatalogEntry) => (plan: ServerPlan, data: EntryFormData) => setOpen({ kind: 'connect', target: planTarget(live.api, plan), from: { entry, data } }), [live]);
  const backTo = (from: FromForm) => () => setOpen({ kind: 'entry', entry: from.entry, initial: from.data });
  const onInstall = useCallback((row: RegistryRow) => (noteOpener(), setOpen({ kind: 'registry', row })), []);
  // A registry entry goes on to the same one-step sheet: its exact command, one approval, connected.
  const onReview = useCallback((target: ConnectTarget) => setOpen({ kind: 'connect', target }), []);
  // The sheet closed: to the new row's next step, else (nothing kept) back to the control that opened it.
  const onSheetClosed = useCallback((name: string, kept: boolean) => {
    setOpen(null);
    const back = opener.current;
    const openerShown = () => (back?.isConnected === true ? back : null);
    // After the sheet is gone (its own close returns focus to what it saw open it: a form now gone, or that control).
    // A connect that failed may have kept the service (its entry then says Open and Add again): its row.
    setTimeout(() => focusWhenShown(kept ? () => serverRowFocus(name) : openerShown, () => openerShown() ?? serverRowFocus(name)));
  }, []);

  // The registries' matches too: a search that finds nothing of ours may find them below.
  const registryCount = showRegistry && registry.listed ? `, ${plural(registry.found.total, 'registry entry', 'registry entries')}` : '';
  const summary = `${shownServers.length} of ${plural(rows.length, 'service')} shown, ${plural(shownEntries.length, 'catalog entry', 'catalog entries')}${registryCount}`;
  const issues = info?.configIssues ?? [];

  return (
    <section className="catalog" aria-labelledby="catalog-title">
      <ConnectionGate>
        <PageHeader title={<span id="catalog-title">Services</span>} lead="Connect each service once; every agent then reaches it through the bridge.">
          <button type="button" className="button" onClick={() => setOpen({ kind: 'paste' })}>
            Paste a command or JSON
          </button>
          <button type="button" className="button primary" onClick={() => setOpen({ kind: 'custom' })}>
            Add custom service
          </button>
        </PageHeader>
        {/* Beside the buttons it explains: every one of them is disabled until the core answers this tab. */}
        {linked !== 'live' && <p className="note note-warn">{GATE_REASON[linked]}</p>}
        {error && <ErrorNote error={error} />}
        {issues.length > 0 && (
          <div className="note note-warn" role="status">
            <p>mcp.json has {plural(issues.length, 'problem')}; the services it concerns are left as they were:</p>
            <ul>
              {issues.map((issue, i) => (
                <li key={i}>
                  {issue.server !== undefined && <strong>{shownLine(issue.server)}: </strong>}
                  {/* A service's field by the form's label (Argument 2), as Edit shows it; the file's own settings by their path. */}
                  {issue.field !== undefined && (issue.server !== undefined ? <EntryFieldLabel field={shownLine(issue.field)} /> : <code>{shownLine(issue.field)}</code>)}{' '}
                  <CodeSpans text={issue.message} />
                </li>
              ))}
            </ul>
          </div>
        )}
        {added !== null && (
          <p className="note note-ok" role="status">
            Added {added}.{' '}
            <button type="button" className="button small quiet" onClick={() => setAdded(null)}>
              Dismiss
            </button>
          </p>
        )}
        {added !== null &&
          addedNotes.map((note) => (
            <p key={note} className="note note-warn">
              <CodeSpans text={hintSentence(note)} />
            </p>
          ))}
      </ConnectionGate>
      {/* Searching and filtering what is shown needs no core: they work while signed out. */}
      <CatalogToolbar query={query} filter={filter} summary={!loaded ? undefined : unread ? 'Your services are unknown' : summary} onQuery={setQuery} onFilter={setFilter} />
      {filter !== 'available' && (
        <section aria-labelledby="your-services" aria-busy={!loaded}>
          <div className="section-head">
            <h2 id="your-services">Your services</h2>
            <ConnectionGate>
              <RestartFailed servers={servers} />
            </ConnectionGate>
          </div>
          {!loaded && (
            <LoadingSkeleton label="Loading your services" />
          )}
          {loaded && shownServers.length === 0 && (
            <p className="empty">
              {unread ? 'Your services could not be read: the note above says why.' : rows.length === 0 ? 'No services yet: add one from the catalog below.' : 'No service matches.'}
            </p>
          )}
          {/* Column names for sighted readers; each cell says its own to assistive technology. */}
          <div className="row row-head" aria-hidden="true" hidden={shownServers.length === 0}>
            <span />
            <span>Service</span>
            <span className="row-cell">Transport</span>
            <span className="row-cell">Sign-in</span>
            <span>State</span>
            <span className="row-cell">Tools</span>
            <span className="row-cell">Expires</span>
            <span className="row-head-actions">Actions</span>
          </div>
          <ul className="rows" aria-labelledby="your-services" hidden={shownServers.length === 0}>
            {rows.slice(0, rendered).map((row) => (
              <ServerRow key={row.status.name} row={row} onApprove={onApprove} onEdit={onEdit} hidden={!shownNames.has(row.status.name)} />
            ))}
          </ul>
        </section>
      )}
      {/* Mounted whatever the search: a keystroke toggles `hidden` on rows it keeps, instead of building them anew. */}
      <section aria-labelledby="catalog-entries" hidden={shownEntries.length === 0}>
        <h2 id="catalog-entries">Catalog</h2>
        <ul className="rows" aria-labelledby="catalog-entries">
          {entries.map((row) => (
            <EntryRow key={row.entry.id} row={row} hidden={!shownIds.has(row.entry.id)} onAdd={onAdd} />
          ))}
        </ul>
      </section>
      {/* The rows gate their own actions only: a row's "more" unfolds text already shown. */}
      <ConnectionGate>
        {showRegistry && <RegistrySection search={registry} onInstall={onInstall} />}
        {open?.kind === 'registry' && <RegistryInstallDialog row={open.row} taken={taken} onClose={close} onReview={onReview} />}
        {open?.kind === 'entry' && <AddEntryDialog entry={open.entry} taken={taken} onClose={close} onAdded={onAdded} onPlanned={onPlanned(open.entry)} {...(open.initial !== undefined ? { initial: open.initial } : {})} />}
        {open?.kind === 'connect' && (
          <ConnectSheet
            target={open.target}
            onClose={(kept) => onSheetClosed(open.target.name, kept)}
            onConnected={close}
            {...(open.from !== undefined ? { onBack: backTo(open.from) } : {})}
          />
        )}
        {open?.kind === 'custom' && <CustomServiceDialog taken={taken} onClose={close} onAdded={onAdded} />}
        {open?.kind === 'paste' && <PasteServiceDialog taken={taken} onClose={close} onAdded={onAdded} />}
        {open?.kind === 'approve' && <ApproveCommandDialog status={open.status} onClose={close} {...(open.changed === true ? { changed: true } : {})} />}
        {/* The same form as the service's page: saved with a changed command, its approval comes next. */}
        {open?.kind === 'edit' && <EditServiceDialog status={open.status} onClose={close} onNeedsApproval={(saved) => setOpen({ kind: 'approve', status: saved, changed: true })} />}
      </ConnectionGate>
    </section>
  );
}
