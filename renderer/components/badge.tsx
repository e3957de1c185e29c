import { Children, type ReactNode } from 'react';
import { shownLine, shownText, type BadgeTone } from '../lib';

/**
 * A word or two in a pill. Its text is often a server's (an error's reason, a name): hidden characters
 * show as escapes, in the label and its tooltip, as everywhere else a server's text is shown.
 */
export function Badge({ tone, children, title }: { tone: BadgeTone; children: ReactNode; title?: string | undefined }) {
  return (
    <span className={`badge badge-${tone}`} {...(title !== undefined ? { title: shownText(title) } : {})}>
      {Children.map(children, (child) => (typeof child === 'string' ? shownLine(child) : child))}
    </span>
  );
}
