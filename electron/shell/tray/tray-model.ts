import { BRIDGE_OPEN, BRIDGE_PAUSED, byAttention, callsWaiting, moreAccessNeeded, NOTHING_WAITS, serverHealth, waitsToCall, type BridgeInfo, type HeldChange, type PendingApproval, type ServerStatus } from '../../../shared/api';
import type { ShellRoute } from '../notifications/screen-routes';
import { argumentsSummary } from '../arguments-summary';
import { plainText } from '../plain-text';

export type TrayIcon = 'ok' | 'attention' | 'error';

export type TrayAction =
  | { type: 'open'; route: ShellRoute }
  | { type: 'reauthorize'; server: string }
  /** The first sign-in of a program on this computer: the same start of a sign-in, named for what it is. */
  | { type: 'connect'; server: string }
  | { type: 'copy-bridge-address'; url: string }
  | { type: 'set-bridge-paused'; paused: boolean }
  | { type: 'set-open-at-login'; enabled: boolean }
  | { type: 'quit' };

export type TrayItem =
  | { kind: 'separator' }
  /** A line of text, not clickable. */
  | { kind: 'header'; label: string }
  | { kind: 'action'; label: string; action: TrayAction; enabled: boolean; checked?: boolean };

export interface TrayModel {
  icon: TrayIcon;
  tooltip: string;
  items: TrayItem[];
}

export interface TrayPreferences {
  openAtLogin: boolean;
}

/** The tray lists this many services (problems first); the rest are one click away in the window. */
export const MAX_LISTED_SERVICES = 12;
export const MAX_LISTED_APPROVALS = 5;
/** Windows cuts tray tooltips at 127 characters. */
const MAX_TOOLTIP = 127;

// One rule for the tray and the services list (shared/api/server-order.ts).
const healthOf = serverHealth;

/** The state in the words of the services list's badge (renderer/lib/server-badge.ts). */
function stateLabel(status: ServerStatus): string {
  const apiKey = status.auth?.kind === 'api_key';
  switch (healthOf(status)) {
    case 'disabled':
      return 'disabled';
    case 'approval':
      // An HTTP entry waits because of where it sends secrets, not for a command.
      return status.transport === 'http' ? 'pending approval of where it sends secrets' : 'pending approval of its command';
    case 'failed':
      return status.lastError ? `error: ${plainText(status.lastError.message, 40)}` : 'error';
    case 'sign-in':
      if (moreAccessNeeded(status.auth).length > 0) return 'needs more access';
      return apiKey ? 'needs an API key' : 'needs sign-in';
    case 'fine':
      // Nothing held yet by a service that signs in: it is not "idle", it cannot start.
      if (status.auth !== undefined && !status.auth.connected && (status.state === 'idle' || status.state === 'stopped')) return apiKey ? 'needs an API key' : 'not signed in';
      return { ready: 'ready', starting: 'starting…', idle: 'idle', stopped: 'stopped', error: 'error', needs_auth: 'needs sign-in' }[status.state];
  }
}

/** The one next step of a service that needs the person, in the words of its row's button (renderer/lib/server-step.ts). */
function signInStep(status: ServerStatus): TrayItem {
  const { name } = status;
  // An API key is typed on the service's screen, never "signed in" for.
  if (status.auth?.kind === 'api_key') return { kind: 'action', label: `Enter API key for ${name}`, action: { type: 'open', route: { screen: 'service', server: name } }, enabled: true };
  // Client credentials have no sign-in: their page names where the refused secret is replaced (or the client ID edited).
  if (status.auth?.kind === 'client_credentials') return { kind: 'action', label: `Fix the client secret of ${name}`, action: { type: 'open', route: { screen: 'service', server: name } }, enabled: true };
  if (moreAccessNeeded(status.auth).length > 0) return { kind: 'action', label: `Grant more access to ${name}`, action: { type: 'reauthorize', server: name }, enabled: true };
  if (firstSignIn(status)) return { kind: 'action', label: `Sign in to ${name}`, action: { type: 'connect', server: name }, enabled: true };
  const held = status.auth?.connected === true;
  return { kind: 'action', label: `${held ? 'Sign in again to' : 'Sign in to'} ${name}`, action: { type: 'reauthorize', server: name }, enabled: true };
}

/**
 * A program on this computer waiting for its first sign-in (or its first API key): nothing to re-authorize
 * yet. One that held a credential (expired, revoked, refused) is re-authorized.
 */
function firstSignIn(status: ServerStatus): boolean {
  return status.transport === 'stdio' && status.state === 'needs_auth' && status.lastError?.data?.['firstSignIn'] === true;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

function clip(text: string): string {
  return text.length > MAX_TOOLTIP ? `${text.slice(0, MAX_TOOLTIP - 1)}…` : text;
}

/**
 * The tray as data: which badge, what the tooltip says, what the menu holds. Pure, so every state
 * of the person's services is tested without Electron; tray-menu-template turns it into a menu.
 */
export function trayModel(
  statuses: readonly ServerStatus[],
  approvals: readonly PendingApproval[],
  bridge: BridgeInfo,
  preferences: TrayPreferences = { openAtLogin: false },
  /** Tools and prompts held since their server's approval (docs/configuration.md, "Pinned tools"). */
  held: readonly HeldChange[] = [],
  /** Other decisions waiting for the person (confirmations, servers' asks): counted with the calls. */
  otherDecisions = 0,
): TrayModel {
  const enabled = statuses.filter((s) => s.enabled);
  const health = statuses.map(healthOf);
  const failed = health.filter((h) => h === 'failed').length;
  const signIn = health.filter((h) => h === 'sign-in').length;
  const waiting = statuses.filter((s) => healthOf(s) === 'approval');
  const commands = waiting.filter((s) => s.transport !== 'http').length;
  const addresses = waiting.length - commands;
  const ready = enabled.filter((s) => s.state === 'ready').length;
  const bridgeFailed = !bridge.running && bridge.error !== undefined;

  const icon: TrayIcon = failed > 0 || bridgeFailed ? 'error' : signIn > 0 || waiting.length > 0 || approvals.length > 0 || held.length > 0 || otherDecisions > 0 ? 'attention' : 'ok';

  const summary = enabled.length === 0 ? 'No services connected yet' : `${ready} of ${count(enabled.length, 'service', 'services')} ready`;
  const details = [
    signIn > 0 ? `${signIn} need${signIn === 1 ? 's' : ''} sign-in` : '',
    failed > 0 ? `${failed} failed` : '',
    commands > 0 ? `${count(commands, 'command', 'commands')} to approve` : '',
    addresses > 0 ? `${count(addresses, 'address', 'addresses')} to approve` : '',
    approvals.length > 0 ? callsWaiting(approvals.length) : '',
    held.length > 0 ? `${count(held.length, 'tool change', 'tool changes')} to review` : '',
    otherDecisions > 0 ? `${count(otherDecisions, 'other request', 'other requests')} waiting for you` : '',
    bridgeFailed ? 'bridge not running' : bridge.paused ? 'bridge paused' : '',
  ].filter(Boolean);
  const tooltip = clip(['Connected Services', [summary, ...details].join(' · ')].join('\n'));

  const items: TrayItem[] = [{ kind: 'header', label: summary }];
  // As the status strip on every screen says it: the bridge, then what waits.
  if (bridgeFailed) items.push({ kind: 'header', label: `Bridge not running: ${plainText(bridge.error ?? '', 60)}` });
  else if (bridge.running) items.push({ kind: 'header', label: bridge.paused ? BRIDGE_PAUSED : BRIDGE_OPEN });
  if (approvals.length === 0 && signIn === 0 && waiting.length === 0) items.push({ kind: 'header', label: NOTHING_WAITS });

  const sorted = [...statuses].sort(byAttention);
  if (sorted.length > 0) {
    items.push({ kind: 'separator' });
    for (const status of sorted.slice(0, MAX_LISTED_SERVICES)) {
      items.push({ kind: 'action', label: `${status.name} — ${stateLabel(status)}`, action: { type: 'open', route: { screen: 'service', server: status.name } }, enabled: true });
    }
    if (sorted.length > MAX_LISTED_SERVICES) {
      items.push({ kind: 'action', label: `${sorted.length - MAX_LISTED_SERVICES} more…`, action: { type: 'open', route: { screen: 'catalog' } }, enabled: true });
    }
  }

  const reauthorize = sorted.filter((s) => healthOf(s) === 'sign-in');
  if (reauthorize.length > 0) {
    items.push({ kind: 'separator' });
    for (const status of reauthorize) items.push(signInStep(status));
  }

  const heldServers = [...new Set(held.map((h) => h.server))];
  if (heldServers.length > 0) {
    items.push({ kind: 'separator' }, { kind: 'header', label: `${count(held.length, 'tool change', 'tool changes')} to review` });
    for (const server of heldServers.slice(0, MAX_LISTED_SERVICES)) {
      const n = held.filter((h) => h.server === server).length;
      items.push({ kind: 'action', label: `Review ${server} (${n})`, action: { type: 'open', route: { screen: 'service', server } }, enabled: true });
    }
  }

  if (approvals.length > 0) {
    items.push({ kind: 'separator' }, { kind: 'header', label: callsWaiting(approvals.length) });
    const oldest = [...approvals].sort((a, b) => a.requestedAt - b.requestedAt);
    for (const approval of oldest.slice(0, MAX_LISTED_APPROVALS)) {
      // What the call would send, in short: the person sees the content of what they are asked.
      const summary = argumentsSummary(approval.arguments, 50);
      items.push({
        kind: 'action',
        label: `${waitsToCall({ ...approval, agent: plainText(approval.agent, 30), tool: plainText(approval.tool, 40) })}${summary === '' ? '' : ` (${summary})`}`,
        action: { type: 'open', route: { screen: 'activity' } },
        enabled: true,
      });
    }
    if (approvals.length > MAX_LISTED_APPROVALS) {
      items.push({ kind: 'action', label: `${approvals.length - MAX_LISTED_APPROVALS} more…`, action: { type: 'open', route: { screen: 'activity' } }, enabled: true });
    }
  }

  items.push(
    { kind: 'separator' },
    { kind: 'action', label: 'Copy bridge address', action: { type: 'copy-bridge-address', url: bridge.url ?? '' }, enabled: bridge.url !== undefined },
    { kind: 'action', label: bridge.paused ? 'Resume agent calls' : 'Pause all agent calls', action: { type: 'set-bridge-paused', paused: !bridge.paused }, enabled: bridge.running },
    { kind: 'action', label: 'Start at login', action: { type: 'set-open-at-login', enabled: !preferences.openAtLogin }, enabled: true, checked: preferences.openAtLogin },
    { kind: 'separator' },
    { kind: 'action', label: 'Open Connected Services', action: { type: 'open', route: { screen: 'catalog' } }, enabled: true },
    { kind: 'action', label: 'Quit', action: { type: 'quit' }, enabled: true },
  );
  return { icon, tooltip, items };
}
