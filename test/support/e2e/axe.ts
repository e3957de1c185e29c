import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

/** One rule broken on a page, as axe-core reports it, with where. */
export interface AxeProblem {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeResult {
  violations: Array<{ id: string; impact?: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

let source: string | undefined;

/**
 * Runs axe-core (WCAG 2.x A and AA rules) on the page as it is now and returns the serious and critical
 * violations. The engine goes in through the DevTools protocol (`evaluate`), which the page's CSP does
 * not govern, so the page needs no loosening to be checked.
 */
export async function seriousAxeProblems(page: Page): Promise<AxeProblem[]> {
  source ??= (require('axe-core') as { source: string }).source;
  const loaded = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  if (!loaded) await page.evaluate(source);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: unknown) => Promise<unknown> } }).axe;
    return axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
  });
  return (result as AxeResult).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact ?? '', help: v.help, targets: v.nodes.slice(0, 5).map((n) => n.target.map(String).join(' ')) }));
}
