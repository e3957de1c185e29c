/** How the placeholder is drawn: list rows, cards (Agents, Credentials), or a panel's lines. */
export type SkeletonShape = 'rows' | 'cards' | 'lines';

export interface LoadingSkeletonProps {
  /** Said by assistive technology while the screen waits for its first answer ("Loading your agents"). */
  label: string;
  shape?: SkeletonShape;
  /** How many placeholder bars; three by default. */
  count?: number;
  className?: string;
}

/**
 * The shape of what is about to show, marked busy, instead of a blank page or a bare "Loading…"
 * (issue 34, item 4). Drawn with the same bars as the boot screen in index.html.
 */
export function LoadingSkeleton({ label, shape = 'rows', count = 3, className }: LoadingSkeletonProps) {
  return (
    <div className={`boot-skeleton list-skeleton skeleton-${shape} ${className ?? ''}`.trim()} role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={`skeleton-bar ${shape === 'cards' ? 'skeleton-card' : shape === 'lines' ? 'skeleton-line' : 'skeleton-row'}`} />
      ))}
    </div>
  );
}
