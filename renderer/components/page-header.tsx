import type { ReactNode } from 'react';

/**
 * A screen's title; focus moves here when the screen changes, so screen readers announce it.
 * `icon` (decorative) sits beside the heading, not in it: the heading's text is the title alone.
 */
export function PageHeader({ title, children, lead, icon, titleId }: { title: ReactNode; children?: ReactNode; lead?: ReactNode; icon?: ReactNode; titleId?: string }) {
  const heading = (
    <h1 tabIndex={-1} data-page-title="" {...(titleId !== undefined ? { id: titleId } : {})}>
      {title}
    </h1>
  );
  return (
    <header className="page-header">
      <div className="page-title">
        {icon !== undefined ? (
          <div className="title-with-icon">
            {icon}
            {heading}
          </div>
        ) : (
          heading
        )}
        {lead !== undefined && <p className="lead">{lead}</p>}
      </div>
      {children !== undefined && <div className="page-actions">{children}</div>}
    </header>
  );
}
