import type { Page } from 'playwright-core';

// The keystroke probe of the UI benches (ui.ts, ui-registry.ts).

export interface Sample {
  /** Keystroke to the next painted frame. */
  paint: number;
  /** Keystroke to the frame that showed the last change it caused (every matching row rendered). */
  settled: number;
}

/**
 * Installed in the page for each keystroke: the time to the next paint, and to the paint after the
 * list settled. A string, not a function: tsx's name helpers would not exist inside the page.
 */
const PROBE = `(() => {
  const input = document.querySelector(SELECTOR);
  if (!input) throw new Error('no search input');
  window.__samples = [];
  window.__pending = 0;
  let lastMutation = 0;
  // Attributes too: a row the search hides or shows again changes only its hidden attribute.
  new MutationObserver(() => { lastMutation = performance.now(); })
    .observe(document.querySelector('main') || document.body, { childList: true, subtree: true, characterData: true, attributes: true });
  // A task posted from a rAF callback runs after that frame is painted.
  function afterPaint(done) {
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => done(performance.now());
      channel.port2.postMessage(null);
    });
  }
  input.addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    window.__pending += 1;
    let paint = 0;
    afterPaint((at) => { paint = at - start; });
    // Every frame painted until the DOM has been quiet for 150 ms; "settled" is the first paint
    // after the last change this keystroke caused.
    const frames = [];
    let quiet = false;
    function record() { afterPaint((at) => { frames.push(at); if (!quiet) record(); }); }
    record();
    function settle() {
      if (performance.now() - Math.max(lastMutation, start) < 150) { setTimeout(settle, 20); return; }
      quiet = true;
      const last = Math.max(lastMutation, start);
      const settled = frames.find((at) => at >= last) ?? performance.now();
      window.__samples.push({ paint, settled: settled - start });
      window.__pending -= 1;
    }
    setTimeout(settle, 20);
  });
})()`;

export async function measure(page: Page, selector: string, keys: readonly string[]): Promise<Sample[]> {
  await page.evaluate(PROBE.replace('SELECTOR', JSON.stringify(selector)));
  for (const key of keys) {
    await page.press(selector, key);
    await page.waitForFunction(() => (window as unknown as { __pending: number }).__pending === 0);
  }
  return page.evaluate(() => (window as unknown as { __samples: Sample[] }).__samples);
}

export function stats(values: number[]): { avg: number; p95: number; max: number } {
  const sorted = [...values].sort((a, b) => a - b);
  const avg = values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);
  return { avg, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? NaN, max: sorted.at(-1) ?? NaN };
}
