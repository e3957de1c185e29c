import type { Locator, Page } from 'playwright-core';

/** A control's box, named for the failure message. */
export interface Box {
  what: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** A checkbox or radio: not held to the minimum width. */
  small?: boolean;
}

const CONTROLS = 'input:visible, select:visible, textarea:visible, button:visible';

/** Every visible control (input, select, textarea, button, and `output` when asked) inside `scope`. */
export async function controlBoxes(scope: Locator, options: { outputs?: boolean } = {}): Promise<Box[]> {
  return scope.locator(options.outputs ? `${CONTROLS}, output:visible` : CONTROLS).evaluateAll((elements) =>
    elements.map((e) => {
      const r = e.getBoundingClientRect();
      const what = `${e.tagName.toLowerCase()} ${e.getAttribute('aria-label') ?? e.id ?? ''} ${e.textContent ?? ''}`.trim();
      // A checkbox or radio is small by design; the width check is for fields and buttons.
      const small = e instanceof HTMLInputElement && (e.type === 'checkbox' || e.type === 'radio');
      return { what, x: r.x, y: r.y, width: r.width, height: r.height, small };
    }),
  );
}

/** Overlaps, and boxes narrower than `minWidth` (a sliver of a field) or running off the page. */
export function layoutProblems(boxes: Box[], pageWidth: number, minWidth = 24): string[] {
  const found: string[] = [];
  for (const a of boxes) {
    if (!a.small && a.width < minWidth) found.push(`${a.what} is only ${Math.round(a.width)} px wide`);
    if (a.x < 0 || a.x + a.width > pageWidth + 0.5) found.push(`${a.what} runs off the page (${Math.round(a.x)}…${Math.round(a.x + a.width)} of ${pageWidth})`);
  }
  return [...found, ...overlaps(boxes)];
}

/** Pairs of boxes that overlap by more than half a pixel each way: a layout that puts one control on another. */
export function overlaps(boxes: Box[]): string[] {
  const found: string[] = [];
  boxes.forEach((a, i) =>
    boxes.slice(i + 1).forEach((b) => {
      const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
      const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
      if (w > 0.5 && h > 0.5) found.push(`${a.what} overlaps ${b.what}`);
    }),
  );
  return found;
}

/**
 * Presses Tab (up to `limit` times) and returns the enabled, visible controls inside `scope` that
 * focus never reached: empty when the keyboard reaches every one.
 */
export async function unreachedByTab(page: Page, scope: Locator, limit = 80): Promise<string[]> {
  // A radio group is one Tab stop (arrow keys move inside it): its radios share one mark.
  const marked = await scope.locator(CONTROLS).evaluateAll((elements) => {
    const names: string[] = [];
    const groups = new Map<string, number>();
    for (const e of elements) {
      if ((e as HTMLButtonElement).disabled) continue;
      const radio = e instanceof HTMLInputElement && e.type === 'radio' ? e.name : undefined;
      const known = radio !== undefined ? groups.get(radio) : undefined;
      if (known !== undefined) {
        e.setAttribute('data-kbd-check', String(known));
        continue;
      }
      const index = names.length;
      if (radio !== undefined) groups.set(radio, index);
      e.setAttribute('data-kbd-check', String(index));
      names.push(`${e.tagName.toLowerCase()} ${e.getAttribute('aria-label') ?? e.id} ${e.textContent ?? ''}`.trim());
    }
    return names;
  });
  const seen = new Set<string>();
  for (let i = 0; i < limit && seen.size < marked.length; i++) {
    await page.keyboard.press('Tab');
    const mark = await page.evaluate(() => document.activeElement?.getAttribute('data-kbd-check') ?? null);
    if (mark !== null) seen.add(mark);
  }
  return marked.filter((_, i) => !seen.has(String(i)));
}

/** What has focus, as a person would name it: the accessible label or the text. */
export async function focusedName(page: Page): Promise<string> {
  return page.evaluate(() => {
    const e = document.activeElement;
    return e ? (e.getAttribute('aria-label') ?? e.textContent ?? '').trim() : '';
  });
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
