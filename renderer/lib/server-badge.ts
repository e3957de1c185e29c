import { moreAccessNeeded, type ServerStatus } from '../../shared/api';
import { shownLine, shownText, withoutCodeMarks } from './shown-text';

export type BadgeTone = 'ok' | 'warn' | 'error' | 'muted' | 'info';
export type BadgeKind = 'ready' | 'needs_auth' | 'error' | 'disabled' | 'pending_approval' | 'starting' | 'idle' | 'stopped';

export interface ServerBadge {
  kind: BadgeKind;
  label: string;
  tone: BadgeTone;
  /** The full reason or an explanation, for a tooltip and screen readers. */
  detail?: string;
}

const SHORT = 56;
/** A hidden character's escape the cut left unfinished (`\u20`): dropped, never shown as if whole. */
const CUT_ESCAPE = /\\(?:u[0-9a-f]{0,3}|U[0-9a-f]{0,7})$/;

/**
 * The first sentence of an error, cut to fit a badge (plain text: a badge sets nothing as code). The
 * server wrote it, so its hidden characters show as escapes, as in every other place it is shown.
 */
export function shortReason(message: string): string {
  const first = withoutCodeMarks(message).split(/(?<=[.!?])\s/)[0] ?? message;
  const clean = shownLine(first.replace(/[.!?]$/, ''));
  if (clean.length <= SHORT) return clean;
  // By code points: a cut between a surrogate pair would leave half a character.
  return `${Array.from(clean).slice(0, SHORT - 1).join('').replace(CUT_ESCAPE, '').trimEnd()}…`;
}

/** An error message as a tooltip shows it: plain text, without the backticks meant for code, hidden characters as escapes. */
function tooltip(message: string): string {
  return shownText(withoutCodeMarks(message));
}

/** What the state badge of a server says; disabled and unapproved outrank the pool state. */
export function serverBadge(status: ServerStatus): ServerBadge {
  if (!status.enabled) return { kind: 'disabled', label: 'disabled', tone: 'muted', detail: 'Turned off: agents do not see it.' };
  if (status.approval === 'pending') {
    const detail = status.transport === 'http' ? 'It sends its secrets only after you approve where they go.' : 'Its command runs only after you approve it.';
    return { kind: 'pending_approval', label: 'pending approval', tone: 'warn', detail };
  }
  // Step-up: the server refused a call for lack of scope; a new sign-in asks for the union.
  const more = moreAccessNeeded(status.auth);
  if (more.length > 0 && status.state !== 'error' && status.state !== 'starting') {
    return { kind: 'needs_auth', label: 'needs more access', tone: 'warn', detail: `Grant more access to add ${shownLine(more.join(' '))}.` };
  }
  const apiKey = status.auth?.kind === 'api_key';
  // Nothing held yet by a service that signs in: it is not "idle", it cannot start.
  if (status.auth !== undefined && !status.auth.connected && (status.state === 'idle' || status.state === 'stopped')) {
    return apiKey
      ? { kind: 'needs_auth', label: 'needs an API key', tone: 'warn', detail: 'Enter its API key to use it.' }
      : { kind: 'needs_auth', label: 'not signed in', tone: 'warn', detail: 'Sign in to use it.' };
  }
  switch (status.state) {
    case 'ready':
      return { kind: 'ready', label: 'ready', tone: 'ok' };
    case 'needs_auth':
      if (apiKey) return { kind: 'needs_auth', label: 'needs an API key', tone: 'warn', detail: status.lastError ? tooltip(status.lastError.message) : 'Enter its API key to use it.' };
      return { kind: 'needs_auth', label: 'needs sign-in', tone: 'warn', detail: status.lastError ? tooltip(status.lastError.message) : 'Sign in to use it.' };
    case 'error': {
      const message = status.lastError?.message ?? 'failed';
      return { kind: 'error', label: `error: ${shortReason(message)}`, tone: 'error', detail: tooltip(message) };
    }
    case 'starting':
      return { kind: 'starting', label: 'starting…', tone: 'info' };
    case 'stopped':
      return { kind: 'stopped', label: 'stopped', tone: 'muted', detail: 'Starts again on first use.' };
    case 'idle':
      return { kind: 'idle', label: 'idle', tone: 'muted', detail: 'Starts on first use.' };
  }
}

/** The buttons besides the next step (lib/server-step.ts). */
export interface ServerActionSet {
  disconnect: boolean;
  approve: boolean;
  toggle: 'Enable' | 'Disable';
}

/** Whether a server's credential has run out (only servers that hold one). */
export function tokenExpired(status: ServerStatus, now: number): boolean {
  return status.auth?.expiresAt !== undefined && status.auth.expiresAt <= now;
}

/** Which buttons a row offers in its current state. */
export function serverActions(status: ServerStatus): ServerActionSet {
  const actions: ServerActionSet = { disconnect: false, approve: false, toggle: status.enabled ? 'Disable' : 'Enable' };
  if (!status.enabled) return actions;
  if (status.approval === 'pending') {
    actions.approve = true;
    return actions;
  }
  // Only a service with a sign-in or a key has one to forget; one without is stopped with Stop.
  actions.disconnect = status.auth !== undefined && (status.state === 'ready' || status.state === 'starting' || status.auth.connected);
  return actions;
}
