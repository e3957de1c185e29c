import { byAttention, type ServerStatus, type ToolInfo } from '../../../shared/api';
import { catalogEntryFor, type CatalogAuth, type CatalogEntry } from '../../../shared/catalog';
import { serverBadge, type BadgeKind } from '../../lib';

export const STATE_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'ready', label: 'Ready' },
  { value: 'needs_auth', label: 'Needs sign-in' },
  { value: 'error', label: 'Error' },
  { value: 'pending_approval', label: 'Pending approval' },
  { value: 'disabled', label: 'Disabled' },
  { value: 'idle', label: 'Idle or stopped' },
  { value: 'available', label: 'Not added yet (catalog)' },
] as const;
export type StateFilter = (typeof STATE_FILTERS)[number]['value'];

const AUTH_LABELS: Record<CatalogAuth, string> = {
  none: 'none',
  oauth: 'OAuth',
  device: 'device code',
  api_key: 'API key',
  client_credentials: 'client credentials',
};

export function authLabel(auth: CatalogAuth): string {
  return AUTH_LABELS[auth];
}

/**
 * What a service needs before it works, truly: its sign-in, else the secrets the person gives when
 * adding it (a program that reads a token or a credentials file signs in through them), else nothing.
 */
export function needsLabel(entry: CatalogEntry): string {
  if (entry.auth !== 'none') return AUTH_LABELS[entry.auth];
  const secrets = entry.transport === 'stdio' ? (entry.inputs ?? []).filter((input) => input.secret && input.required) : [];
  if (secrets.length === 0) return 'none';
  return secrets.some((input) => input.file === true) ? 'credentials file' : 'token';
}

/** Whether adding `entry` asks for anything the vault keeps: a sign-in, an API key or a secret input. */
export function storesSecrets(entry: CatalogEntry): boolean {
  return entry.auth !== 'none' || (entry.transport === 'stdio' && (entry.inputs ?? []).some((input) => input.secret));
}

export interface ServerRowModel {
  status: ServerStatus;
  entry: CatalogEntry | undefined;
  auth: string;
  badge: BadgeKind;
  haystack: string;
}

export interface EntryRowModel {
  entry: CatalogEntry;
  /** Names of configured servers made from this entry. */
  addedAs: string[];
  haystack: string;
}

/**
 * Servers with what search and filters need, computed once per data change (not per keystroke);
 * failed ones first, in the tray's order (shared/api/server-order.ts).
 */
export function serverRows(servers: readonly ServerStatus[], tools: ReadonlyMap<string, readonly ToolInfo[]>, catalog: readonly CatalogEntry[]): ServerRowModel[] {
  return [...servers].sort(byAttention).map((status) => {
    const entry = catalogEntryFor(catalog, { url: status.url, commandLine: status.commandLine });
    const kind = status.auth?.kind;
    const auth = entry ? needsLabel(entry) : kind !== undefined ? authLabel(kind) : status.auth ? 'OAuth' : '—';
    const toolText = (tools.get(status.name) ?? []).map((t) => `${t.name} ${t.title ?? ''}`).join(' ');
    const haystack = [status.name, entry?.name, entry?.description, status.url, status.transport, auth, toolText].join(' ').toLowerCase();
    return { status, entry, auth, badge: serverBadge(status).kind, haystack };
  });
}

export function entryRows(catalog: readonly CatalogEntry[], servers: readonly ServerRowModel[]): EntryRowModel[] {
  return catalog.map((entry) => ({
    entry,
    addedAs: servers.filter((row) => row.entry?.id === entry.id).map((row) => row.status.name),
    haystack: [entry.name, entry.id, entry.description, entry.transport, needsLabel(entry), entry.transport === 'http' ? entry.url : entry.args.join(' ')].join(' ').toLowerCase(),
  }));
}

function terms(query: string): string[] {
  return query.toLowerCase().split(/\s+/).filter(Boolean);
}

function matches(haystack: string, words: string[]): boolean {
  return words.every((word) => haystack.includes(word));
}

function inFilter(badge: BadgeKind, filter: StateFilter): boolean {
  if (filter === 'all') return true;
  if (filter === 'idle') return badge === 'idle' || badge === 'stopped' || badge === 'starting';
  return badge === filter;
}

export function filterServers(rows: readonly ServerRowModel[], query: string, filter: StateFilter): readonly ServerRowModel[] {
  if (filter === 'available') return [];
  const words = terms(query);
  if (words.length === 0 && filter === 'all') return rows;
  return rows.filter((row) => inFilter(row.badge, filter) && matches(row.haystack, words));
}

export function filterEntries(rows: readonly EntryRowModel[], query: string, filter: StateFilter): readonly EntryRowModel[] {
  if (filter !== 'all' && filter !== 'available') return [];
  const words = terms(query);
  return words.length === 0 ? rows : rows.filter((row) => matches(row.haystack, words));
}

/** A free server name near `wanted` (`everything`, `everything-2`, …). */
export function freeName(wanted: string, taken: ReadonlySet<string>): string {
  if (!taken.has(wanted)) return wanted;
  for (let i = 2; ; i++) {
    const candidate = `${wanted.slice(0, 44)}-${i}`;
    if (!taken.has(candidate)) return candidate;
  }
}
