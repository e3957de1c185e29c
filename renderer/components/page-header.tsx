import type { ReactNode } from 'react';

/** A screen's title; focus moves here when the screen changes, so screen readers announce it. */
export function PageHeader({ title, children, lead }: { title: ReactNode; children?: ReactNode; lead?: ReactNode }) {
  return (
    <header className="page-header">
      <div className="page-title">
        <h1 tabIndex={-1} data-page-title="">
          {title}
        </h1>
        {lead !== undefined && <p className="lead">{lead}</p>}
      </div>
      {children !== undefined && <div className="page-actions">{children}</div>}
    </header>
  );
}
