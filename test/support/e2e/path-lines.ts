import type { Locator } from 'playwright-core';

/** A path as shown: its text, and the text before each line break in it (each line's start). */
export interface PathLines {
  text: string;
  ends: string[];
}

/** Where each shown path (`locator`, one per path) breaks onto a new line, from its characters' boxes. */
export function pathLines(locator: Locator): Promise<PathLines[]> {
  return locator.evaluateAll((codes) =>
    codes.map((code) => {
      const text = code.textContent ?? '';
      const range = document.createRange();
      const ends: string[] = [];
      let top: number | undefined;
      let at = 0;
      const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
        for (let i = 0; i < (node.textContent ?? '').length; i += 1, at += 1) {
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const line = Math.round(range.getBoundingClientRect().top);
          if (top !== undefined && line > top) ends.push(text.slice(0, at));
          top = line;
        }
      }
      return { text, ends };
    }),
  );
}
