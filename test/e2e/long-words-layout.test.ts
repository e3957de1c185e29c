import { beforeAll, describe, expect, it } from 'vitest';
import { longWordsServer } from '../fixtures/servers/config';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

// A server whose texts are single words of 20,000 characters: the screens stay quick and within the
// window (no sideways scroll), whatever it sends.
const ui = useUiSession();
const WIDTH = 1280;

beforeAll(async () => {
  await ui.api('addServer', { name: 'words', config: longWordsServer() });
  await ui.api('approveServer', { name: 'words' });
  await ui.api('connect', { name: 'words' });
  await waitForState(serverRow(ui.page, 'words'), 'ready', 20_000);
}, 60_000);

const pageWidth = () => ui.page.evaluate(() => document.documentElement.scrollWidth);

describe('one long word everywhere', () => {
  it('Prompts: 200 prompts of 20,000-character descriptions open in seconds, 50 at a time, each description cut', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: WIDTH, height: 800 });
    const started = Date.now();
    await ui.open('#/services/words/prompts');
    // The bound below decides, not the locator's default 30 s.
    await page.getByRole('button', { name: 'Get prompt_0' }).waitFor({ timeout: 45_000 });
    // Answers at once: before, the page was held for minutes laying out 4 MB of unbroken words.
    expect(await page.evaluate(() => document.body.innerText.length)).toBeLessThan(200_000);
    // Minutes before; a loaded machine shares its two cores among Chromium, the core and the servers.
    expect(Date.now() - started, 'opened quickly').toBeLessThan(45_000);
    expect(await page.locator('.card-list > li').count()).toBe(50);
    await page.getByText('(19,011 more characters not shown)').first().waitFor();
    await ui.screenshot('long-words-prompts');
    expect(await pageWidth()).toBeLessThanOrEqual(WIDTH);
    await page.getByRole('button', { name: 'Show 50 more' }).click();
    expect(await page.locator('.card-list > li').count()).toBe(100);
  }, 60_000);

  it("Activity: a prompt's error of one long word wraps under its outcome; the table stays within the window", async () => {
    const { page } = ui;
    await page.setViewportSize({ width: WIDTH, height: 800 });
    await ui.api('getPrompt', { server: 'words', name: 'fail_long' }).catch(() => undefined);
    await ui.open('#/activity');
    const table = page.getByRole('table', { name: 'Changes, newest first' });
    const row = table.getByRole('row').filter({ hasText: 'fail_long' }).first();
    await row.locator('.change-error').waitFor();
    await ui.screenshot('long-words-activity');
    expect(await table.evaluate((e) => e.scrollWidth - e.clientWidth), 'no sideways scroll').toBeLessThanOrEqual(0);
    expect(await pageWidth()).toBeLessThanOrEqual(WIDTH);
    // The change beside it keeps its room: not squeezed to a few letters a line.
    const change = (await row.locator('.change-summary').boundingBox())!;
    expect(change.width).toBeGreaterThan(150);
    // Its first lines only: the row stays a row, the rest one button away.
    const short = (await row.boundingBox())!.height;
    expect(short, 'a short row').toBeLessThan(170);
    await row.getByRole('button', { name: /^Show (all|the first) [\d,]+ (of [\d,]+ )?characters$/ }).click();
    expect((await row.boundingBox())!.height, 'all of it, opened').toBeGreaterThan(2 * short);
    await ui.screenshot('long-words-activity-all');
    await row.getByRole('button', { name: 'Show less' }).click();
    expect((await row.boundingBox())!.height).toBe(short);
  }, 60_000);

  it('the elicitation dialog: a message of one long word wraps, the dialog never scrolls sideways', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: WIDTH, height: 800 });
    const call = ui.api('callTool', { server: 'words', tool: 'ask_long', callId: 'e2e-ask-long' });
    const dialog = page.getByRole('dialog', { name: 'words asks for information' });
    await dialog.waitFor({ timeout: 20_000 });
    await ui.screenshot('long-words-ask');
    expect(await dialog.evaluate((d) => ({ left: d.scrollLeft, over: d.scrollWidth - d.clientWidth }))).toEqual({ left: 0, over: 0 });
    const box = (await dialog.boundingBox())!;
    const decline = (await dialog.getByRole('button', { name: 'Decline the request of words' }).boundingBox())!;
    expect(decline.x + decline.width).toBeLessThanOrEqual(box.x + box.width);
    // The message scrolls in its own box: the answers are in view without scrolling the dialog.
    expect(decline.y + decline.height, 'Decline in view').toBeLessThanOrEqual(800);
    // Its first lines, then all the core kept of it in its own scrolling box, the answers still in view.
    const message = dialog.locator('.ask-message');
    const short = (await message.boundingBox())!.height;
    await dialog.getByRole('button', { name: /^Show (all|the first) [\d,]+ (of [\d,]+ )?characters$/ }).click();
    await ui.screenshot('long-words-ask-all');
    expect((await message.boundingBox())!.height).toBeGreaterThan(short);
    expect(await message.textContent()).toContain('more characters]');
    // "Show less" under the scrolling box, not at the end of its scroll: in view, the box at its top.
    const less = (await dialog.getByRole('button', { name: 'Show less' }).boundingBox())!;
    const scroller = (await message.locator('.show-all-box').boundingBox())!;
    expect(less.y, 'Show less below the box').toBeGreaterThanOrEqual(scroller.y + scroller.height - 1);
    const opened = (await dialog.boundingBox())!;
    expect(less.y + less.height, 'Show less in view').toBeLessThanOrEqual(Math.min(800, opened.y + opened.height));
    expect((await dialog.getByRole('button', { name: 'Decline the request of words' }).boundingBox())!.y, 'Decline still in view').toBeLessThanOrEqual(800);
    await dialog.getByRole('button', { name: 'Decline the request of words' }).click();
    await call;
  }, 60_000);

  it('Tools: a title and a description of one long word wrap in the list, at 1280 and after narrowing to 420', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: WIDTH, height: 800 });
    await ui.open('#/services/words/tools/long_title');
    const list = page.getByRole('navigation', { name: 'Tools of words' }).locator('ul');
    await list.locator('.tool-title').first().waitFor();
    const over = () => list.evaluate((e) => e.scrollWidth - e.clientWidth);
    const pageOver = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await ui.screenshot('long-words-tool-title');
    expect(await over(), 'the list does not scroll sideways').toBeLessThanOrEqual(0);
    expect(await pageOver()).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 420, height: 800 });
    await expect.poll(pageOver, { message: 'the page does not scroll sideways at 420' }).toBeLessThanOrEqual(0);
    expect(await over()).toBeLessThanOrEqual(0);
    await ui.screenshot('long-words-tool-title-420');
    await page.setViewportSize({ width: WIDTH, height: 800 });
  }, 60_000);

  it('a tool of 5,000 fields: the terminal command instead of a form', async () => {
    const { page } = ui;
    await ui.open('#/services/words/tools/wide_form');
    const note = page.getByRole('note').filter({ hasText: 'more than 300 fields' });
    await note.waitFor();
    expect(await note.textContent()).toContain("connected-services call words wide_form '{…}'");
    expect(await page.locator('.tool-call input').count()).toBe(0);
    expect(await page.evaluate(() => document.querySelectorAll('*').length)).toBeLessThan(5_000);
    await ui.screenshot('long-words-wide-form');
    expect(ui.problems).toEqual([]);
  }, 60_000);
});
