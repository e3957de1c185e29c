import type { Locator, Page } from 'playwright-core';

/** A control's box, named for the failure message. */
export interface ControlBox {
  what: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** A checkbox or radio: not held to the minimum width. */
  small?: boolean;
}

/** Every visible control (input, select, textarea, button, output) inside `scope`. */
export async function controlBoxesIn(scope: Locator): Promise<ControlBox[]> {
  return scope.locator('input:visible, select:visible, textarea:visible, button:visible, output:visible').evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      const what = `${e.tagName.toLowerCase()} "${e.getAttribute('aria-label') ?? e.textContent ?? e.id}"`.trim();
      // A checkbox or radio is small by design; the width check is for fields and buttons.
      const small = e instanceof HTMLInputElement && (e.type === 'checkbox' || e.type === 'radio');
      return { what, x: r.x, y: r.y, width: r.width, height: r.height, small };
    }),
  );
}

/** Pairs of boxes that overlap by more than half a pixel each way, and boxes that are narrower than `minWidth` or leave the page. */
export function layoutProblems(boxes: ControlBox[], pageWidth: number, minWidth = 24): string[] {
  const found: string[] = [];
  boxes.forEach((a, i) => {
    if (!a.small && a.width < minWidth) found.push(`${a.what} is only ${Math.round(a.width)} px wide`);
    if (a.x < 0 || a.x + a.width > pageWidth + 0.5) found.push(`${a.what} runs off the page (${Math.round(a.x)}…${Math.round(a.x + a.width)} of ${pageWidth})`);
    for (const b of boxes.slice(i + 1)) {
      const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (w > 0.5 && h > 0.5) found.push(`${a.what} overlaps ${b.what}`);
    }
  });
  return found;
}

/** Presses Tab (at most `max` times) until `target` has the focus: the keyboard-only way to reach it. */
export async function tabTo(page: Page, target: Locator, max = 80): Promise<number> {
  for (let presses = 1; presses <= max; presses += 1) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element === document.activeElement)) return presses;
  }
  const focused = await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 200) ?? 'nothing');
  throw new Error(`Tab never reached ${String(target)} in ${max} presses; focus is on ${focused}`);
}
