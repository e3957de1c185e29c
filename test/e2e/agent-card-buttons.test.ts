import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useUiSession } from '../support/e2e';

// An agent's card with a long name at a laptop's width and a half-screen window: its buttons keep the
// lines a short name's card has (the Connect button cuts the name it repeats, the card's head shows it
// whole), so Remove never ends up alone on a line.

/** The longest name an agent may have (64 characters). */
const LONG = 'claude-code-on-my-work-laptop-with-a-long-name-for-the-agent-tab';
const SHORT = 'cursor';

const ui = useUiSession();

beforeAll(async () => {
  await ui.api('addAgent', { name: LONG, servers: '*' });
  await ui.api('addAgent', { name: SHORT, servers: '*' });
});

function card(page: Page, name: string): Locator {
  return page.locator(`li.agent[data-agent="${name}"]`);
}

/** Each of a card's buttons: its text, which line of the row it is on, and how many lines its label takes. */
async function buttonsOf(scope: Locator): Promise<Array<{ name: string; line: number; lines: number }>> {
  const boxes = await scope.locator('.button-row > .button').evaluateAll((buttons) =>
    buttons.map((b) => {
      const range = document.createRange();
      range.selectNodeContents(b);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      return { name: b.getAttribute('aria-label') ?? b.textContent ?? '', top: Math.round(b.getBoundingClientRect().top), lines };
    }),
  );
  const tops = [...new Set(boxes.map((b) => b.top))].sort((a, b) => a - b);
  return boxes.map(({ name, top, lines }) => ({ name: name.replace(LONG, 'NAME').replace(SHORT, 'NAME'), line: tops.indexOf(top), lines }));
}

describe("an agent card's buttons", () => {
  for (const width of [1280, 800]) {
    it(`keep a short name's lines when the name is long (${width} px)`, async () => {
      const { page } = ui;
      await page.setViewportSize({ width, height: 900 });
      await ui.open('#/agents');
      const long = card(page, LONG);
      await long.getByRole('button', { name: `Remove agent ${LONG}` }).waitFor();
      await ui.screenshot(`agent-card-buttons-${width}`);
      const short = await buttonsOf(card(page, SHORT));
      const shown = await buttonsOf(long);
      expect(shown).toEqual(short);
      for (const b of shown) expect(b.lines, `${b.name} on one line`).toBe(1);
      if (width === 1280) expect(new Set(shown.map((b) => b.line)).size, 'one line of buttons').toBe(1);
      // The name is whole where it is read and announced: the card's heading and the button's name.
      await expect(long.getByRole('heading', { level: 3 }).textContent()).resolves.toBe(LONG);
      await long.getByRole('button', { name: `Connect ${LONG} to an installed client` }).waitFor();
      expect(ui.problems).toEqual([]);
    });
  }
});
