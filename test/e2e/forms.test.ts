import { beforeAll, describe, expect, it } from 'vitest';
import { serverRow, useUiSession, waitForState } from '../support/e2e';

const textOf = (result: unknown): string => ((result as { content?: { text?: string }[] }).content ?? []).map((c) => c.text ?? '').join('\n');

const ui = useUiSession();

beforeAll(async () => {
  await waitForState(serverRow(ui.page, 'everything'), 'ready');
}, 45_000);

describe('forms for every choice a service may ask for (SEP-1330), in Chromium', () => {
  it('answers server-everything’s form: titled and untitled multi-selects as checkboxes, titles shown instead of values', async () => {
    const { page } = ui;
    const call = ui.api('callTool', { server: 'everything', tool: 'trigger-elicitation-request', callId: 'e2e-forms' });
    const dialog = page.getByRole('dialog', { name: 'everything asks for information' });
    await dialog.waitFor({ timeout: 20_000 });
    page.setDefaultTimeout(8_000);
    expect(await dialog.getByText(/Unsupported field schema|Unknown field type/).count()).toBe(0);

    // Titled multi-select: a checkbox per title, the default ticked; no "Add item".
    const fish = dialog;
    await expect(fish.getByRole('checkbox', { name: 'Tuna' }).isChecked()).resolves.toBe(true);
    await fish.getByRole('checkbox', { name: 'Salmon' }).check();
    expect(await dialog.getByRole('button', { name: /Add/ }).count()).toBe(0);
    // Untitled multi-select: checkboxes of its values.
    await expect(dialog.getByRole('checkbox', { name: 'Guitar' }).isChecked()).resolves.toBe(true);
    // Legacy titled choices (enum + enumNames) and titled ones show their titles.
    const pet = dialog.getByRole('combobox', { name: /Legacy Titled Single Select Enum/ });
    expect(await pet.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Cats', 'Dogs', 'Reptiles']));
    expect(await pet.locator('option').allTextContents()).not.toContain('pet-1');
    await pet.selectOption({ label: 'Dogs' });
    const hero = dialog.getByRole('combobox', { name: /^Titled Single Select Enum/ });
    expect(await hero.locator('option').allTextContents()).toEqual(expect.arrayContaining(['Superman', 'Wonder Woman']));
    await dialog.getByLabel(/^String\*?$/).fill('Ada');
    await ui.screenshot('form-multi-select-1280');
    await page.setViewportSize({ width: 420, height: 860 });
    await ui.screenshot('form-multi-select-420');
    await page.setViewportSize({ width: 1280, height: 860 });

    // The core checks the answer against the server's own schema: values, never titles, get through.
    await dialog.getByRole('button', { name: 'Accept' }).click();
    const text = textOf(await call);
    expect(text).toContain('Name: Ada');
    // (server-everything prints only some fields back; the core refused titles in place of values.)
    expect(text).toContain('User provided the requested information');
    await dialog.waitFor({ state: 'detached' });
    expect(ui.problems).toEqual([]);
  });
});
