import type { Confirmation, DeviceLogin, PendingApproval, PendingAsk, ServerState, ServerStatus } from '../../../shared/api';
import { argumentsSummary } from '../arguments-summary';
import { plainText } from '../plain-text';
import type { ShellNotification } from './screen-routes';

export interface NotificationText {
  title: string;
  body: string;
}

const plain = (text: string): string => plainText(text);

export function notificationText(notification: ShellNotification): NotificationText {
  switch (notification.kind) {
    case 'needs-sign-in':
      return { title: `${plain(notification.server)} needs you to sign in`, body: 'Its tools are unavailable to agents until you sign in again. Click to open it.' };
    case 'approval-waiting':
      return { title: `${plain(notification.agent)} asks to use ${plain(notification.tool)}`, body: approvalBody(notification) };
    case 'device-login-finished': {
      const server = plain(notification.server);
      const outcomes = {
        approved: { title: `Signed in to ${server}`, body: 'Its tools are available to your agents now.' },
        denied: { title: `Sign-in to ${server} was denied`, body: 'Click to try again.' },
        expired: { title: `Sign-in code for ${server} expired`, body: 'Click to get a new code.' },
        failed: { title: `Sign-in to ${server} failed`, body: 'Click to see what went wrong.' },
      } as const;
      return outcomes[notification.state];
    }
    case 'confirmation-waiting':
      return {
        title: `The command line asks you to confirm a change${notification.pid !== undefined ? ` (process ${notification.pid})` : ''}`,
        body: `${plain(notification.summary)}. Nothing changes until you confirm it in Activity.`,
      };
    case 'ask-waiting': {
      const what = { form: 'asks you for information', url: 'asks you to open a page', sampling: "asks to use the agent's model" }[notification.ask];
      const during = notification.asker !== undefined ? ` during a call by ${plain(notification.asker)}` : '';
      return { title: `${plain(notification.server)} ${what}`, body: `${during ? `It came${during}. ` : ''}Click to answer it before it expires.` };
    }
  }
}

/**
 * Where, then why it was held whatever the policy (a value we hold in it: which secret, never the
 * value) in place of its arguments, which the reason matters more than; else with what.
 */
function approvalBody(note: Extract<ShellNotification, { kind: 'approval-waiting' }>): string {
  const why = note.warning !== undefined ? `, held because ${plainText(note.warning, 140)}` : note.arguments !== undefined ? `, with ${plain(note.arguments)}` : '';
  return `On ${plain(note.server)}${why}. Click to allow or deny it before it expires.`;
}

const FINISHED = new Set<DeviceLogin['state']>(['approved', 'denied', 'expired', 'failed']);

export interface NotificationPolicy {
  /** A notification when a server has just come to need a sign-in (once per transition). */
  serverState(status: ServerStatus): ShellNotification | null;
  approvalPending(approval: PendingApproval): ShellNotification;
  /** A notification when a device login ended, other than by the person cancelling it. */
  deviceLogin(login: DeviceLogin): ShellNotification | null;
  /** A change the command line asked for that waits for the person. */
  confirmationPending(confirmation: Confirmation): ShellNotification;
  /** A service's request (form, URL, sampling) waiting for the person. */
  askPending(ask: PendingAsk): ShellNotification;
}

/** Decides which core events become desktop notifications; remembers states so nothing repeats. */
export function createNotificationPolicy(): NotificationPolicy {
  const states = new Map<string, ServerState>();
  return {
    serverState(status) {
      const previous = states.get(status.name);
      states.set(status.name, status.state);
      if (!status.enabled || status.state !== 'needs_auth' || previous === 'needs_auth') return null;
      return { kind: 'needs-sign-in', server: status.name };
    },
    approvalPending(approval) {
      const note: ShellNotification = { kind: 'approval-waiting', id: approval.id, agent: approval.agent, server: approval.server, tool: approval.tool };
      if (approval.arguments !== undefined) note.arguments = argumentsSummary(approval.arguments, 100);
      if (approval.warning !== undefined) note.warning = approval.warning;
      return note;
    },
    confirmationPending(confirmation) {
      return { kind: 'confirmation-waiting', id: confirmation.id, summary: confirmation.summary, ...(confirmation.pid !== undefined ? { pid: confirmation.pid } : {}) };
    },
    askPending(ask) {
      return { kind: 'ask-waiting', id: ask.id, server: ask.server, ask: ask.kind, ...(ask.asker !== undefined ? { asker: ask.asker } : {}) };
    },
    deviceLogin(login) {
      if (!FINISHED.has(login.state)) return null;
      return { kind: 'device-login-finished', server: login.server, state: login.state as 'approved' | 'denied' | 'expired' | 'failed' };
    },
  };
}

/**
 * Whether to show it now: approvals and confirmations always (they expire while nobody looks); the others only when
 * the window is not in front, where the screen already shows them.
 */
export function worthShowing(notification: ShellNotification, windowFocused: boolean): boolean {
  return notification.kind === 'approval-waiting' || notification.kind === 'confirmation-waiting' || notification.kind === 'ask-waiting' || !windowFocused;
}
