import { useRef, useState } from 'react';
import type { ServerStatus } from '../../../shared/api';
import { CATALOG, catalogEntryFor } from '../../../shared/catalog';
import { LoadingSkeleton, PageHeader, ServiceIcon, StateBadge } from '../../components';
import { inventoryListed, pageLastError, routeHref, shownAddress, shownLine, shownText, SERVICE_TABS, type ServiceTab } from '../../lib';
import { useLive, useNowFor, useStore } from '../../state';
import { ApproveCommandDialog } from '../catalog/approve-command-dialog';
import { FromCodeMark } from '../catalog/from-code-mark';
import { ServerActions } from '../catalog/server-actions';
import { ForgottenRemovalsNote } from './forgotten-removals-note';
import { HeldChangesPanel } from './held-changes-panel';
import { RefusedPanel } from './refused-panel';
import { LogsPanel } from './logs-panel';
import { OverviewPanel } from './overview-panel';
import { PromptsPanel } from './prompts-panel';
import { EditServiceDialog } from './edit-service-dialog';
import { RemoveServiceDialog } from './remove-service-dialog';
import { ResourcesPanel } from './resources-panel';
import { ToolsPanel } from './tools-panel';
import './service.css';

/** Under the title: the entry's own description (mcp.json), else the catalog's, else its address or command. */
function leadOf(status: ServerStatus, catalogDescription: string | undefined): string | undefined {
  if (status.description !== undefined) return shownText(status.description);
  if (catalogDescription !== undefined) return shownLine(catalogDescription);
  if (status.url !== undefined) return shownAddress(status.url);
  return status.commandLine === undefined ? undefined : shownLine(status.commandLine);
}

const TAB_NAMES: Record<ServiceTab, string> = { overview: 'Overview', tools: 'Tools', resources: 'Resources', prompts: 'Prompts', logs: 'Logs' };

/** One service: its state and history, sign-in, and a browser for its tools, resources and prompts. */
export function ServiceView({ server, tab, tool }: { server: string; tab: ServiceTab; tool?: string | undefined }) {
  const live = useLive();
  const { servers, loaded } = useStore(live.servers);
  const [dialog, setDialog] = useState<'approve' | 'remove' | 'edit' | null>(null);
  /** Saved with a changed command: approve it next, focus back on Edit after. */
  const [edited, setEdited] = useState<ServerStatus | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const status = servers.find((s) => s.name === server);
  const now = useNowFor(status?.auth?.expiresAt);

  if (!status) {
    return (
      <section aria-labelledby="service-title" aria-busy={!loaded}>
        <PageHeader title={server} titleId="service-title" />
        {loaded ? <p className="empty">No service named {server} is configured.</p> : <LoadingSkeleton label={`Loading ${server}`} shape="cards" count={2} />}
        <p>
          <a href={routeHref({ screen: 'catalog' })}>Back to services</a>
        </p>
      </section>
    );
  }
  const entry = catalogEntryFor(CATALOG, { url: status.url, commandLine: status.commandLine });
  // Never listed: no count, since "0" would read as "this service has none".
  const listed = inventoryListed(status);
  const counts: Record<ServiceTab, number | undefined> = listed
    ? { overview: undefined, tools: status.toolCount, resources: status.resourceCount, prompts: status.promptCount, logs: undefined }
    : { overview: undefined, tools: undefined, resources: undefined, prompts: undefined, logs: undefined };
  return (
    <section className="service" aria-labelledby="service-title">
      <PageHeader
        title={server}
        titleId="service-title"
        icon={<ServiceIcon iconKey={entry?.icon} transport={status?.transport} name={server} />}
        lead={leadOf(status, entry?.description)}
      >
        <StateBadge status={status} reasonBelow={tab === 'overview' && pageLastError(status) !== undefined} />
        <ServerActions status={status} now={now} onApprove={() => setDialog('approve')} lastErrorShown={tab === 'overview'} />
        {status.fromCode === true ? (
          <>
            <FromCodeMark />
            {/* Removing forgets it, as its program's closing would: a narrowing the person can always make. */}
            <button type="button" className="button small danger" onClick={() => setDialog('remove')} aria-label={`Remove ${server}`}>
              Remove
            </button>
          </>
        ) : (
          <>
            <button type="button" className="button small" ref={editButton} onClick={() => setDialog('edit')} aria-label={`Edit ${server}`}>
              Edit
            </button>
            <button type="button" className="button small danger" onClick={() => setDialog('remove')} aria-label={`Remove ${server}`}>
              Remove
            </button>
          </>
        )}
      </PageHeader>
      <HeldChangesPanel server={server} />
      <RefusedPanel server={server} />
      <ForgottenRemovalsNote server={server} />
      <nav className="tabs" aria-label={`Sections of ${server}`}>
        {SERVICE_TABS.map((t) => (
          <a key={t} href={routeHref({ screen: 'service', server, tab: t })} aria-current={t === tab ? 'page' : undefined}>
            {TAB_NAMES[t]}
            {counts[t] !== undefined && <span className="count"> {counts[t]}</span>}
          </a>
        ))}
      </nav>
      <div className="tab-panel">
        {tab === 'overview' && <OverviewPanel status={status} />}
        {tab === 'tools' && <ToolsPanel status={status} selected={tool} />}
        {tab === 'resources' && <ResourcesPanel server={server} />}
        {tab === 'prompts' && <PromptsPanel server={server} />}
        {tab === 'logs' && <LogsPanel server={server} />}
      </div>
      {dialog === 'approve' && <ApproveCommandDialog status={status} onClose={() => setDialog(null)} />}
      {dialog === 'remove' && <RemoveServiceDialog name={server} onClose={() => setDialog(null)} />}
      {dialog === 'edit' && (
        <EditServiceDialog
          status={status}
          onClose={() => setDialog(null)}
          onNeedsApproval={(saved) => {
            setEdited(saved);
            setDialog(null);
          }}
        />
      )}
      {edited !== null && dialog === null && (
        <ApproveCommandDialog status={status.approval === 'pending' ? status : edited} changed returnFocusTo={editButton.current} onClose={() => setEdited(null)} />
      )}
    </section>
  );
}
