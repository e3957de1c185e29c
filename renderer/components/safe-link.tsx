import { useContext, useState, type MouseEvent, type ReactNode } from 'react';
import { describeError, openCheckedLink, pageLinkOpening, safeHref, serverContentHref, shownLine } from '../lib';
import { LiveContext } from '../state';

export interface SafeLinkProps {
  href: string | undefined;
  children?: ReactNode;
  /** The URL is in what a server sent: only https to a public name is a link (serverContentHref). */
  fromServer?: boolean;
  /** The server whose page or content shows it: the core opens it no closer than that server. */
  server?: string;
  className?: string;
  label?: string;
}

/**
 * A link only to https: (or http: on this computer); anything else is shown as text, never made
 * clickable. A click (or a middle click) asks the core, which looks its host name up and opens it
 * outside the app, or says why not; the page itself never follows it.
 */
export function SafeLink({ href, children, fromServer = false, server, className, label }: SafeLinkProps) {
  const live = useContext(LiveContext);
  const [refused, setRefused] = useState<string | undefined>();
  const safe = fromServer ? serverContentHref(href) : safeHref(href);
  if (safe === undefined) return <span className="plain-url">{children ?? shownLine(href ?? '')}</span>;
  const open = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (event.type === 'auxclick' && event.button !== 1) return;
    event.preventDefault();
    if (!live) return;
    setRefused(undefined);
    openCheckedLink(pageLinkOpening(live.api), safe, server).catch((error: unknown) => setRefused(describeError(error).message));
  };
  return (
    <>
      <a href={safe} target="_blank" rel="noopener noreferrer" className={className} aria-label={label} onClick={open} onAuxClick={open}>
        {children ?? safe}
      </a>
      {refused !== undefined && (
        <span className="link-refused" role="alert">
          {refused}
        </span>
      )}
    </>
  );
}
