import { Notification } from 'electron';
import type { AppApi } from '../../../shared/api';
import { createNotificationPolicy, notificationText, worthShowing } from './notification-policy';
import { routeFor, type ShellNotification, type ShellRoute } from './screen-routes';

export interface NotifierOptions {
  api: AppApi;
  windowFocused: () => boolean;
  /** A click on a notification: open this screen. */
  open: (route: ShellRoute) => void;
}

/** Desktop notifications for a sign-in needed, an approval waiting, a device login ended; returns the unsubscribe. */
export function startNotifier(options: NotifierOptions): () => void {
  const policy = createNotificationPolicy();
  // Held until closed: a notification collected by the GC loses its click handler.
  const live = new Set<Notification>();

  const show = (notification: ShellNotification | null): void => {
    if (!notification || !Notification.isSupported() || !worthShowing(notification, options.windowFocused())) return;
    const { title, body } = notificationText(notification);
    const note = new Notification({ title, body, silent: notification.kind !== 'approval-waiting' && notification.kind !== 'confirmation-waiting' && notification.kind !== 'ask-waiting' });
    live.add(note);
    note.on('click', () => options.open(routeFor(notification)));
    note.on('close', () => live.delete(note));
    note.show();
  };

  const offs = [
    options.api.on('serverState', (status) => show(policy.serverState(status))),
    options.api.on('approvalPending', (approval) => show(policy.approvalPending(approval))),
    options.api.on('deviceLogin', (login) => show(policy.deviceLogin(login))),
    options.api.on('confirmationPending', (confirmation) => show(policy.confirmationPending(confirmation))),
    options.api.on('askPending', (ask) => show(policy.askPending(ask))),
  ];
  return () => {
    for (const off of offs.splice(0)) off();
    for (const note of live) note.close();
    live.clear();
  };
}
