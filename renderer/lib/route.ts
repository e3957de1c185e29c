export const SERVICE_TABS = ['overview', 'tools', 'resources', 'prompts', 'logs'] as const;
export type ServiceTab = (typeof SERVICE_TABS)[number];

/** Screens are addressed by the URL hash: web mode has no server-side routes, Electron loads a file. */
export type Route =
  | { screen: 'catalog' }
  | { screen: 'service'; server: string; tab: ServiceTab; tool?: string }
  | { screen: 'login'; server: string }
  | { screen: 'agents' }
  | { screen: 'activity' }
  | { screen: 'settings' }
  | { screen: 'access' }
  | { screen: 'missing'; hash: string };

function decode(part: string | undefined): string | undefined {
  if (part === undefined || part === '') return undefined;
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, '').replace(/^\/+/, '').replace(/\/+$/, '');
  const [head, ...rest] = path.split('/');
  if (path === '' || (head === 'services' && rest.length === 0)) return { screen: 'catalog' };
  if (head === 'agents' && rest.length === 0) return { screen: 'agents' };
  if (head === 'activity' && rest.length === 0) return { screen: 'activity' };
  if (head === 'settings' && rest.length === 0) return { screen: 'settings' };
  if (head === 'access' && rest.length === 0) return { screen: 'access' };
  const server = decode(rest[0]);
  if (head === 'login' && server !== undefined && rest.length === 1) return { screen: 'login', server };
  if (head === 'services' && server !== undefined && rest.length <= 3) {
    const tab = (rest[1] ?? 'overview') as ServiceTab;
    if (!SERVICE_TABS.includes(tab)) return { screen: 'missing', hash };
    const tool = decode(rest[2]);
    if (rest.length === 3 && (tab !== 'tools' || tool === undefined)) return { screen: 'missing', hash };
    return tool !== undefined ? { screen: 'service', server, tab, tool } : { screen: 'service', server, tab };
  }
  return { screen: 'missing', hash };
}

export function routeHref(route: Route): string {
  switch (route.screen) {
    case 'catalog':
      return '#/';
    case 'service': {
      const base = `#/services/${encodeURIComponent(route.server)}`;
      if (route.tool !== undefined) return `${base}/tools/${encodeURIComponent(route.tool)}`;
      return route.tab === 'overview' ? base : `${base}/${route.tab}`;
    }
    case 'login':
      return `#/login/${encodeURIComponent(route.server)}`;
    case 'missing':
      return route.hash;
    default:
      return `#/${route.screen}`;
  }
}

/** Moves to a screen (hash change; the history keeps the back button working). */
export function navigate(route: Route): void {
  window.location.hash = routeHref(route);
}
