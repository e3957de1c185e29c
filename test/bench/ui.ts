import { check, spread, type Row } from './report';
import { benchData } from './ui-fake-api';
import { BASELINE_LABEL, measureBaseline, openSignedIn, withBenchPage } from './ui-page';
import { measure, stats } from './ui-probe';

/**
 * Search responsiveness of the real production bundle (dist/renderer) in Chromium, with 1,000
 * services and 5,000 tools (the page and its App API: ui-page.ts).
 */
const TARGET_MS = 50;
const SERVERS = 1000;
const TOOLS_EACH = 5;
// 20 keystrokes: narrowing, widening back to everything (the costliest), a tool-name search.
const KEYS = [...'svc-09', ...Array<string>(6).fill('Backspace'), ...'echo_7'.replace('echo', 'list'), 'Backspace', 'Backspace'];

export async function benchUi(): Promise<Row[]> {
  return withBenchPage(benchData(SERVERS, TOOLS_EACH), {}, async (page) => {
    const baseline = await measureBaseline(page, KEYS);
    await openSignedIn(page);
    await page.waitForFunction((count) => document.querySelectorAll('li[data-server]').length === count, SERVERS, { timeout: 60_000 });
    const samples = await measure(page, 'input[type="search"]', KEYS);
    if (process.env["UI_BENCH_DETAIL"]) console.log(KEYS.map((k, i) => `${k}:${samples[i]?.paint.toFixed(0)}/${samples[i]?.settled.toFixed(0)}`).join(" "));

    const paint = stats(samples.map((s) => s.paint));
    const settled = stats(samples.map((s) => s.settled));
    const base = stats(baseline.map((s) => s.paint));
    const f = (n: number): string => n.toFixed(1);
    return [
      {
        key: 'ui-search',
        what: `UI search, ${SERVERS.toLocaleString('en')} services and ${(SERVERS * TOOLS_EACH).toLocaleString('en')} tools, ${samples.length} keystrokes to the next paint (production build, headless Chromium)`,
        unit: 'ms',
        ours: spread(samples.map((s) => s.paint)),
        baseline: spread(baseline.map((s) => s.paint)),
        baselineLabel: BASELINE_LABEL,
        figure: spread(samples.map((s) => s.paint)),
        figureUnit: 'ms',
        target: `average <= ${TARGET_MS} ms`,
        status: check(paint.avg, '<=', TARGET_MS),
        note: `average ${f(paint.avg)} ms (bare input ${f(base.avg)} ms, ${(paint.avg / base.avg).toFixed(2)}x), p95 ${f(paint.p95)} ms; to the list settled (every matching row in the DOM): average ${f(settled.avg)} ms, p95 ${f(settled.p95)} ms`,
      },
    ];
  });
}
