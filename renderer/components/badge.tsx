import type { ReactNode } from 'react';
import type { BadgeTone } from '../lib';

export function Badge({ tone, children, title }: { tone: BadgeTone; children: ReactNode; title?: string | undefined }) {
  return (
    <span className={`badge badge-${tone}`} {...(title !== undefined ? { title } : {})}>
      {children}
    </span>
  );
}
