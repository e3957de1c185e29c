/**
 * The renderer's screens as hash routes (renderer/lib/route.ts reads them): the shell opens a screen
 * by setting the hash of the one page it loads.
 */
export type ShellRoute =
  | { screen: 'catalog' }
  | { screen: 'service'; server: string }
  | { screen: 'login'; server: string }
  | { screen: 'activity' };

export type ShellNotification =
  | { kind: 'needs-sign-in'; server: string }
  | { kind: 'approval-waiting'; id: string; agent: string; server: string; tool: string; arguments?: string; warning?: string }
  | { kind: 'device-login-finished'; server: string; state: 'approved' | 'denied' | 'expired' | 'failed' }
  | { kind: 'confirmation-waiting'; id: string; summary: string; pid?: number }
  | { kind: 'ask-waiting'; id: string; server: string; ask: 'form' | 'url' | 'sampling'; asker?: string };

export function hashFor(route: ShellRoute): string {
  switch (route.screen) {
    case 'catalog':
      return '#/';
    case 'service':
      return `#/services/${encodeURIComponent(route.server)}`;
    case 'login':
      return `#/login/${encodeURIComponent(route.server)}`;
    case 'activity':
      return '#/activity';
  }
}

/** The screen a click on a notification opens. */
export function routeFor(notification: ShellNotification): ShellRoute {
  switch (notification.kind) {
    case 'needs-sign-in':
      return { screen: 'service', server: notification.server };
    case 'approval-waiting':
      // Pending approvals are decided on the Activity screen.
      return { screen: 'activity' };
    case 'device-login-finished':
      // The login screen shows how it ended and what to do next.
      return { screen: 'login', server: notification.server };
    case 'confirmation-waiting':
      // Changes asked from the command line are confirmed on the Activity screen.
      return { screen: 'activity' };
    case 'ask-waiting':
      // The request's dialog shows over any screen; Activity keeps its record.
      return { screen: 'activity' };
  }
}

export function screenFor(notification: ShellNotification): string {
  return hashFor(routeFor(notification));
}

/** A hash the shell may set on the page: built by hashFor, checked again before it is used. */
export function isShellHash(hash: string): boolean {
  return hash.length <= 200 && /^#\/(?:[A-Za-z0-9_.~%-]+(?:\/[A-Za-z0-9_.~%-]+)*)?$/.test(hash);
}
