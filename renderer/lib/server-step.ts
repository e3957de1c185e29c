import { moreAccessNeeded, type ServerStatus } from '../../shared/api';
import { neverAnswered } from './never-answered';
import { tokenExpired } from './server-badge';

export type StepKind = 'approve' | 'sign-in' | 'sign-in-again' | 'grant-access' | 'enter-api-key' | 'connect' | 'start' | 'restart';

export interface ServerStep {
  kind: StepKind;
  /** The button's text. */
  label: string;
  /** Its accessible name: the text, then the server (WCAG 2.5.3: the visible words come first). */
  name: string;
}

const LABELS: Record<Exclude<StepKind, 'approve'>, { label: string; joiner: string }> = {
  'sign-in': { label: 'Sign in', joiner: 'to' },
  'sign-in-again': { label: 'Sign in again', joiner: 'to' },
  'grant-access': { label: 'Grant more access', joiner: 'to' },
  'enter-api-key': { label: 'Enter API key', joiner: 'for' },
  connect: { label: 'Connect', joiner: '' },
  start: { label: 'Start', joiner: '' },
  restart: { label: 'Restart', joiner: '' },
};

function step(kind: Exclude<StepKind, 'approve'>, server: string): ServerStep {
  const { label, joiner } = LABELS[kind];
  return { kind, label, name: joiner === '' ? `${label} ${server}` : `${label} ${joiner} ${server}` };
}

/** Whether the server has been seen working: its tools were listed once, or it was ready. */
function seenWorking(status: ServerStatus): boolean {
  return status.inventoryUpdatedAt !== undefined || status.history.some((change) => change.state === 'ready');
}

/**
 * A server at rest: Connect when it never ran (it lists its tools), else Start, whether the person
 * stopped it or the pool did for being unused: it would start again on first use, but a row with
 * only Disable says nothing of a way back.
 */
function restingStep(status: ServerStatus, name: string): ServerStep | undefined {
  if (status.state !== 'idle' && status.state !== 'stopped') return undefined;
  return seenWorking(status) ? step('start', name) : step('connect', name);
}

/**
 * The one thing a person does next for a server, or nothing: one that is starting or ready needs nothing. Disabled servers offer Enable on their own button.
 */
export function nextStep(status: ServerStatus, now: number): ServerStep | undefined {
  const { name, auth } = status;
  if (!status.enabled) return undefined;
  if (status.approval === 'pending') return { kind: 'approve', label: 'Approve', name: `Approve ${name}` };
  if (status.state === 'starting') return undefined;
  // An API key is entered, never "signed in" for: missing or refused, the person types it again.
  if (auth?.kind === 'api_key') {
    if (status.state === 'needs_auth' || !auth.connected) return step('enter-api-key', name);
    if (status.state === 'error') return step('restart', name);
    // The key is held and it never ran: Connect lists its tools, as for any other service.
    return restingStep(status, name);
  }
  if (moreAccessNeeded(auth).length > 0) return step('grant-access', name);
  // Client credentials have no sign-in (RFC 6749 §4.4): a refused secret is replaced, then the service started again.
  if (auth?.kind === 'client_credentials') {
    if (status.state === 'needs_auth' || status.state === 'error') return step('restart', name);
    return restingStep(status, name);
  }
  const held = auth?.connected === true;
  if (status.state === 'needs_auth') return step(held ? 'sign-in-again' : 'sign-in', name);
  // A held credential on a failed server (its authorization server unreachable too): a fresh start, not a sign-in.
  if (status.state === 'error' && held) return step('restart', name);
  // An address that never answered asked for no sign-in: starting it again is what can help.
  if (status.state === 'error' && neverAnswered(status)) return step('restart', name);
  // An expired access token renews on next use while a refresh token is held (RFC 6749 §6).
  if (tokenExpired(status, now) && auth?.refreshable !== true) return step(held ? 'sign-in-again' : 'sign-in', name);
  // A service that signs in and holds nothing yet: signing in is what connecting it means.
  if (auth !== undefined && !held && status.state !== 'ready') return step('sign-in', name);
  // Failed: Restart, the verb of "Restart all that failed" beside it, and what it does (stop, then a fresh start).
  if (status.state === 'error') return step('restart', name);
  return restingStep(status, name);
}
