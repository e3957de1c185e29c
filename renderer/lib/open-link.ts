import type { AppApi } from '../../shared/api';

export interface LinkOpening {
  api: Pick<AppApi, 'openLink'>;
  /** The desktop app: the core opens the link in the system browser; no window ever opens from the page. */
  desktop: boolean;
  /** The web UI's own tab opening (window.open), once the core has checked the link. */
  openTab: (url: string) => void;
}

/**
 * A link the person clicked, opened only after the core's checks (its host name looked up: not this
 * computer, not a network closer than `server`). Rejects with the core's reason.
 */
export async function openCheckedLink(opening: LinkOpening, url: string, server: string | undefined): Promise<void> {
  const target = server !== undefined ? { url, server } : { url };
  if (opening.desktop) {
    await opening.api.openLink(target);
    return;
  }
  await opening.api.openLink({ ...target, checkOnly: true });
  opening.openTab(url);
}

/** This page's way of opening links: the desktop app's preload is there, or this is the web UI. */
export function pageLinkOpening(api: Pick<AppApi, 'openLink'>): LinkOpening {
  return {
    api,
    desktop: typeof window !== 'undefined' && window.connectedServices !== undefined,
    openTab: (url) => void window.open(url, '_blank', 'noopener,noreferrer'),
  };
}
