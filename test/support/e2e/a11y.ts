import type { Locator, Page } from 'playwright-core';
import { blend, contrastRatio, parseColor, type Rgba } from './contrast';

/** Roles a person operates; each needs an accessible name. */
const CONTROL_ROLES = new Set(['button', 'link', 'textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'radiogroup', 'spinbutton', 'slider', 'switch', 'tab', 'menuitem', 'listbox']);

interface AxValue {
  value?: unknown;
}
interface AxNode {
  ignored?: boolean;
  role?: AxValue;
  name?: AxValue;
  backendDOMNodeId?: number;
}

/**
 * Every control in Chromium's own accessibility tree that has no accessible name, described by its
 * HTML; empty when all are named.
 */
export function checkAccessibleNames(page: Page): Promise<string[]> {
  return unnamedOf(page, CONTROL_ROLES);
}

/** Every group a screen reader announces with no name (a fieldset without a legend), by its HTML. */
export function unnamedGroups(page: Page): Promise<string[]> {
  return unnamedOf(page, new Set(['group']));
}

async function unnamedOf(page: Page, roles: ReadonlySet<string>): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Accessibility.enable');
    const nodes: AxNode[] = (await cdp.send('Accessibility.getFullAXTree')).nodes;
    const unnamed: string[] = [];
    for (const node of nodes) {
      const role = typeof node.role?.value === 'string' ? node.role.value : '';
      if (node.ignored || !roles.has(role)) continue;
      const name = typeof node.name?.value === 'string' ? node.name.value.trim() : '';
      if (name !== '') continue;
      let html = '(no DOM node)';
      if (node.backendDOMNodeId !== undefined) {
        const { outerHTML } = await cdp.send('DOM.getOuterHTML', { backendNodeId: node.backendDOMNodeId });
        html = outerHTML.slice(0, 200);
      }
      unnamed.push(`${role}: ${html}`);
    }
    return unnamed;
  } finally {
    await cdp.detach();
  }
}

export interface ContrastPair {
  selector: string;
  text: string;
  foreground: string;
  background: string;
  ratio: number;
}

/** Text colour against the effective background of the first visible element matching each selector. */
export async function contrastReport(page: Page, selectors: string[]): Promise<ContrastPair[]> {
  const raw = await page.evaluate((list: string[]) => {
    const transparent = (c: string) => c === 'transparent' || /rgba\(.*,\s*0\)$/.test(c);
    function background(element: Element): string[] {
      // Every background from the element up to the page; translucent ones are blended in Node.
      const layers: string[] = [];
      for (let e: Element | null = element; e; e = e.parentElement) {
        const color = getComputedStyle(e).backgroundColor;
        if (!transparent(color)) {
          layers.push(color);
          if (!color.startsWith('rgba')) break;
        }
      }
      return layers;
    }
    return list.flatMap((selector) => {
      const element = Array.from(document.querySelectorAll(selector)).find((e) => {
        const r = e.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && !(e as HTMLButtonElement).disabled && (e.textContent ?? '').trim() !== '';
      });
      if (!element) return [];
      return [{ selector, text: (element.textContent ?? '').trim().slice(0, 40), foreground: getComputedStyle(element).color, layers: background(element) }];
    });
  }, selectors);
  return raw.map(({ selector, text, foreground, layers }) => {
    const white: Rgba = { r: 255, g: 255, b: 255, a: 1 };
    // The canvas behind everything: the last layer if opaque, else white.
    let bg = white;
    for (const layer of [...layers].reverse()) {
      const color = parseColor(layer);
      if (color) bg = color.a < 1 ? blend(color, bg) : color;
    }
    const fg = parseColor(foreground) ?? { r: 0, g: 0, b: 0, a: 1 };
    const background = `rgb(${Math.round(bg.r)}, ${Math.round(bg.g)}, ${Math.round(bg.b)})`;
    return { selector, text, foreground, background, ratio: Math.round(contrastRatio(fg, bg) * 100) / 100 };
  });
}

export interface FocusRing {
  element: string;
  outlineStyle: string;
  outlineWidth: number;
  /** Contrast of the ring against the page background (WCAG 1.4.11 wants 3:1). */
  ringContrast: number;
}

/** Presses Tab `count` times from the top and reports the focus indicator of each element reached. */
export async function focusRingOf(page: Page, count: number, start?: Locator): Promise<FocusRing[]> {
  if (start) await start.focus();
  else await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const rings: FocusRing[] = [];
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => {
      const e = document.activeElement;
      if (!e || e === document.body) return null;
      const style = getComputedStyle(e);
      const bodyBg = getComputedStyle(document.body).backgroundColor;
      return {
        element: `${e.tagName.toLowerCase()} "${(e.getAttribute('aria-label') ?? e.textContent ?? '').trim().slice(0, 30)}"`,
        outlineStyle: style.outlineStyle,
        outlineWidth: parseFloat(style.outlineWidth),
        outlineColor: style.outlineColor,
        bodyBg,
      };
    });
    if (!seen) continue;
    const ring = parseColor(seen.outlineColor);
    const bg = parseColor(seen.bodyBg);
    rings.push({
      element: seen.element,
      outlineStyle: seen.outlineStyle,
      outlineWidth: seen.outlineWidth,
      ringContrast: ring && bg ? Math.round(contrastRatio(ring, bg) * 100) / 100 : 0,
    });
  }
  return rings;
}
