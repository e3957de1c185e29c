import type { ReactNode } from 'react';
import { safeHref, serverContentHref, shownLine } from '../lib';

/**
 * A link only to https: (or http: on this computer); anything else is shown as text, never made
 * clickable. Opens outside the app. `fromServer`: the URL is in what a server sent, so only https to
 * a public name is a link (serverContentHref).
 */
export function SafeLink({ href, children, fromServer = false }: { href: string | undefined; children?: ReactNode; fromServer?: boolean }) {
  const safe = fromServer ? serverContentHref(href) : safeHref(href);
  if (safe === undefined) return <span className="plain-url">{children ?? shownLine(href ?? '')}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer">
      {children ?? safe}
    </a>
  );
}
