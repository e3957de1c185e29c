import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import type { RegistryRow } from '../../shared/api';
import { launchBrowser } from '../support/e2e';
import { check, spread, type Row } from './report';
import { CSP, ORIGIN, RENDERER, TYPES, measure, stats } from './ui';
import { benchAnswer, benchData } from './ui-fake-api';

/**
 * The catalog's registry search in Chromium (production bundle): 35,000 registry entries, each
 * keystroke to the results painted (the first frame after the last change it caused), beside a
 * bare input in the same run. The App API is answered by request interception, as in ui.ts.
 */
const ENTRIES = 35_000;
const TARGET_MS = 50;
const WORDS = ['weather', 'github', 'postgres', 'calendar', 'notes', 'slack', 'files', 'search', 'browser', 'kubernetes', 'stripe', 'jira'];
// Narrowing by words, widening back to everything (the costliest), an identifier, a title word.
const KEYS = [...'weather', ...Array<string>(7).fill('Backspace'), ...'@bench/mcp-12', ...Array<string>(3).fill('Backspace'), ...' jira'];

function registryRows(count: number): RegistryRow[] {
  const rows: RegistryRow[] = [];
  for (let i = 0; i < count; i += 1) {
    const topic = `${WORDS[i % WORDS.length] ?? 'misc'} ${WORDS[(i * 7 + 3) % WORDS.length] ?? 'misc'}`;
    rows.push({
      registry: 'https://registry.modelcontextprotocol.io',
      name: `io.github.bench${i % 997}/mcp-${i}`,
      title: `Bench ${topic} ${i}`,
      description: `An MCP server for ${topic}: lists, reads and updates what ${topic} holds (${i})`,
      version: `1.${i % 10}.0`,
      status: i % 100 === 3 ? 'deprecated' : 'active',
      ...(i % 100 === 3 ? { statusMessage: `Use mcp-${i + 1}` } : {}),
      packages: [{ registryType: i % 3 === 0 ? 'pypi' : 'npm', identifier: `@bench/mcp-${i}` }],
      remotes: i % 5 === 0 ? ['streamable-http'] : [],
    });
  }
  return rows;
}

export async function benchUiRegistry(): Promise<Row[]> {
  if (!existsSync(join(RENDERER, 'index.html'))) throw new Error('dist/renderer is missing: run `npm run build` first');
  const data = benchData(10, 2);
  const catalog = JSON.stringify({
    // Synced a day ago: "updated 1 day ago" does not tick each second, a change no keystroke caused (ours would count it as the results').
    result: { registries: [{ base: 'https://registry.modelcontextprotocol.io', entries: ENTRIES, syncedAt: Date.now() - 24 * 3600_000, skipped: { invalid: 0, hostile: 0 } }], entries: registryRows(ENTRIES) },
  });
  const browser = await launchBrowser({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await browser.context.newPage();
    await page.route(`${ORIGIN}/**`, async (route) => {
      const url = new URL(route.request().url());
      // Left open, as a live event stream: an answered one makes the page say the app stopped, and
      // that banner re-mounts the view (and its search input) mid-typing.
      if (url.pathname === '/api/events') return;
      // The sign-in trade of the printed link (electron/web/ui-sign-in.ts).
      if (url.pathname === '/api/session') return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ session: 'bench-ui-session' }) });
      if (url.pathname === '/api/registryCatalog') return route.fulfill({ status: 200, contentType: 'application/json', body: catalog });
      if (url.pathname.startsWith('/api/')) {
        return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ result: benchAnswer(url.pathname.slice(5), data) }) });
      }
      if (url.pathname === '/baseline') {
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><main><input id="plain" aria-label="plain"></main>' });
      }
      const file = normalize(join(RENDERER, url.pathname === '/' ? 'index.html' : url.pathname));
      if (!file.startsWith(RENDERER) || !existsSync(file)) return route.fulfill({ status: 404 });
      return route.fulfill({ status: 200, headers: { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'content-security-policy': CSP }, body: readFileSync(file) });
    });

    await page.goto(`${ORIGIN}/baseline`);
    const baseline = await measure(page, '#plain', KEYS);

    await page.goto(`${ORIGIN}/#token=bench-ui`);
    // The search's first page (REGISTRY_ROWS in renderer/views/catalog/registry-section.tsx).
    await page.waitForFunction(() => document.querySelectorAll('li.registry-entry').length === 15, undefined, { timeout: 60_000 });
    const samples = await measure(page, 'input[type="search"]', KEYS);
    if (process.env['UI_BENCH_DETAIL']) console.log(KEYS.map((k, i) => `${k}:${samples[i]?.paint.toFixed(0)}/${samples[i]?.settled.toFixed(0)}(${baseline[i]?.settled.toFixed(0)})`).join(' '));
    const painted = stats(samples.map((s) => s.settled));
    const base = stats(baseline.map((s) => s.settled));
    const f = (n: number): string => n.toFixed(1);
    return [
      {
        key: 'ui-registry-search',
        what: `Registry search in the catalog, ${ENTRIES.toLocaleString('en')} entries, ${samples.length} keystrokes to the results painted (production build, headless Chromium)`,
        unit: 'ms',
        ours: spread(samples.map((s) => s.settled)),
        baseline: spread(baseline.map((s) => s.settled)),
        baselineLabel: 'a bare <input> in the same browser',
        figure: spread(samples.map((s) => s.settled)),
        figureUnit: 'ms',
        target: `p95 <= ${TARGET_MS} ms`,
        status: check(painted.p95, '<=', TARGET_MS),
        note: `p95 ${f(painted.p95)} ms, average ${f(painted.avg)} ms (bare input: p95 ${f(base.p95)} ms, average ${f(base.avg)} ms); to the next paint: p95 ${f(stats(samples.map((s) => s.paint)).p95)} ms`,
      },
    ];
  } finally {
    await browser.close();
  }
}
