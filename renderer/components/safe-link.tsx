import type { ReactNode } from 'react';
import { safeHref, shownLine } from '../lib';

/**
 * A link only to https: (or http: on this computer); anything else is shown as text, never made
 * clickable. Opens outside the app.
 */
export function SafeLink({ href, children }: { href: string | undefined; children?: ReactNode }) {
  const safe = safeHref(href);
  if (safe === undefined) return <span className="plain-url">{children ?? shownLine(href ?? '')}</span>;
  return (
    <a href={safe} target="_blank" rel="noopener noreferrer">
      {children ?? safe}
    </a>
  );
}
