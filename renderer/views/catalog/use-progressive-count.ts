import { startTransition, useEffect, useState } from 'react';

/**
 * How many of `total` rows to render now. A change never adds more than `chunk` new rows at once;
 * the rest follow in background transitions, so a keystroke repaints within a frame or two even
 * with a thousand services. Every row is in the DOM shortly after: nothing depends on scrolling.
 */
export function useProgressiveCount(total: number, chunk: number): number {
  const [budget, setBudget] = useState(chunk);
  // Narrowed: shrink the budget to what is shown, so widening again grows from there.
  if (total < budget && budget > chunk) setBudget(Math.max(chunk, total));
  useEffect(() => {
    if (budget >= total) return undefined;
    const timer = setTimeout(() => startTransition(() => setBudget((b) => b + chunk)), 0);
    return () => clearTimeout(timer);
  }, [budget, total, chunk]);
  return Math.min(total, budget);
}
