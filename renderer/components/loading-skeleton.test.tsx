// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadingSkeleton } from './loading-skeleton';

afterEach(cleanup);

describe('LoadingSkeleton', () => {
  it('is a busy status named by its label, drawn with the boot screen’s bars', () => {
    render(<LoadingSkeleton label="Loading your agents" shape="cards" count={2} />);
    const skeleton = screen.getByRole('status', { name: 'Loading your agents' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.classList.contains('boot-skeleton')).toBe(true);
    const bars = skeleton.querySelectorAll('.skeleton-bar');
    expect(bars).toHaveLength(2);
    expect([...bars].every((bar) => bar.classList.contains('skeleton-card'))).toBe(true);
  });

  it('draws three list rows by default, and lines for a panel', () => {
    render(
      <>
        <LoadingSkeleton label="Rows" />
        <LoadingSkeleton label="Lines" shape="lines" count={2} />
      </>,
    );
    expect(screen.getByRole('status', { name: 'Rows' }).querySelectorAll('.skeleton-bar.skeleton-row')).toHaveLength(3);
    expect(screen.getByRole('status', { name: 'Lines' }).querySelectorAll('.skeleton-bar.skeleton-line')).toHaveLength(2);
  });
});
