import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../shared/api';
import { messageOf, modernCall } from '../support/modern-raw';
import { controlBoxes, layoutProblems, SCREENS_DIR, useUiSession } from '../support/e2e';

// Settings → "When agents answer a service's questions" against the real core: the times typed in
// seconds reach mcp.json in ms, the running bridge holds a 2026-07-28 agent's call only as long as
// the window saved, and values out of bounds are refused on the screen.
const ALLOW_ALL = { read: 'allow', write: 'allow', destructive: 'allow' } as const;
const PANEL = "When agents answer a service's questions";

  // The first run's demo servers include "everything", approved as shipped.
const ui = useUiSession();

function settingsInFile(): Record<string, unknown> | undefined {
  return (JSON.parse(readFileSync(join(ui.home, 'mcp.json'), 'utf8')) as { settings?: Record<string, unknown> }).settings;
}

async function openPanel() {
  const { page } = ui;
  await page.setViewportSize({ width: 1280, height: 800 });
  await ui.open('#/settings');
  const panel = page.getByRole('region', { name: PANEL });
  await panel.getByRole('button', { name: 'Save answer times' }).waitFor();
  return panel;
}

describe('Settings → answer times against the real core', () => {
  it('refuses a time out of bounds with its range, and writes nothing', async () => {
    const panel = await openPanel();
    await panel.getByRole('textbox', { name: 'Time an agent has to answer' }).fill('0.5');
    await panel.getByRole('button', { name: 'Save answer times' }).click();
    await panel.getByText('Enter a number from 1 to 3600 seconds, or leave it empty for the default.').waitFor();
    await ui.idle();
    expect(settingsInFile()?.['inputRoundWindowMs']).toBeUndefined();
  });

  it('saves the times in ms, and the running bridge cancels a call whose agent does not answer within the window saved', async () => {
    const panel = await openPanel();
    await panel.getByRole('textbox', { name: 'Time an agent has to answer' }).fill('1');
    await panel.getByRole('textbox', { name: 'Wait for more questions' }).fill('0.1');
    await panel.getByRole('textbox', { name: 'Longest time to gather questions' }).fill('5');
    await panel.getByRole('button', { name: 'Save answer times' }).click();
    await panel.getByRole('status').getByText('Saved.', { exact: false }).waitFor();
    const saved = { inputRoundWindowMs: 1_000, inputRoundQuietMs: 100, inputRoundGatherMaxMs: 5_000 };
    expect(settingsInFile()).toMatchObject(saved);
    expect(await ui.api('inputRoundSettings')).toEqual(saved);

    // A 2026-07-28 agent that never answers the service's question: cancelled after 1 s, not the default 5 minutes.
    const { token } = await ui.api<{ token: string }>('addAgent', { name: 'slow', servers: ['everything'], policy: ALLOW_ALL });
    const port = Number(new URL(ui.served.bridge ?? '').port);
    const first = await modernCall(port, token, 'everything__trigger-elicitation-request', {}, { capabilities: { elicitation: { form: {} } } });
    expect(messageOf(first.body).result).toMatchObject({ resultType: 'input_required' });
    const outcome = async (): Promise<string | undefined> => (await ui.api<AuditEntry[]>('readAudit', { agent: 'slow' })).find((e) => e.kind === 'tool')?.outcome;
    await expect.poll(outcome, { timeout: 30_000, interval: 250 }).toBe('cancelled');
  }, 60_000);

  for (const width of [1280, 800, 420]) {
    it(`lays the panel out without overlap or overflow, a refusal shown (${width} px)`, async () => {
      const { page } = ui;
      const panel = await openPanel();
      await page.setViewportSize({ width, height: 800 });
      // A refusal under one field: the fields beside it stay level.
      await panel.getByRole('textbox', { name: 'Wait for more questions' }).fill('9');
      await panel.getByRole('button', { name: 'Save answer times' }).click();
      await panel.getByText('Enter a number from 0 to 5 seconds, or leave it empty for the default.').waitFor();
      const tops = await Promise.all(['Time an agent has to answer', 'Wait for more questions', 'Longest time to gather questions'].map(async (name) => (await panel.getByRole('textbox', { name }).boundingBox())?.y ?? -1));
      if (width >= 800) expect(new Set(tops.map(Math.round)).size, `fields level at ${width} px: ${tops.join(', ')}`).toBe(1);
      expect(layoutProblems(await controlBoxes(panel), width)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await panel.scrollIntoViewIfNeeded();
      await ui.screenshot(`settings-answer-times-${width}`);
      await panel.screenshot({ path: join(SCREENS_DIR, `settings-answer-times-${width}-panel.png`) });
    });
  }

  it('had no console errors', () => {
    expect(ui.problems).toEqual([]);
  });
});
