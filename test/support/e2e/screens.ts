import type { Locator, Page } from 'playwright-core';

/** Locators a person would use: by role and accessible name, scoped to the row or dialog. */
export function serverRow(page: Page, name: string): Locator {
  return page.getByRole('list', { name: 'Your services' }).getByRole('listitem', { name, exact: true });
}

export function catalogRow(page: Page, entryName: string): Locator {
  return page.getByRole('list', { name: 'Catalog' }).getByRole('listitem', { name: entryName, exact: true });
}

export function stateOf(row: Locator): Locator {
  return row.locator('[data-state]');
}

export function dialog(page: Page, name: string | RegExp): Locator {
  return page.getByRole('dialog', { name });
}

/** Waits until the row's state badge says `kind` (ready, needs_auth, error, disabled, pending_approval, idle, …). */
export async function waitForState(row: Locator, kind: string, timeout = 20_000): Promise<void> {
  await row.locator(`[data-state="${kind}"]`).waitFor({ timeout });
}

/** The device-code screen's parts, for tests that complete a sign-in on the authorization server's page. */
export function deviceLoginScreen(page: Page) {
  return {
    code: page.locator('.user-code'),
    /** The verification link as the core gave it (only rendered when https: or loopback http:). */
    link: page.getByRole('list').getByRole('link'),
    qr: page.getByRole('img', { name: /^QR code for / }),
    countdown: page.getByRole('timer', { name: 'Time left to enter the code' }),
    cancel: page.getByRole('button', { name: 'Cancel sign-in' }),
    /** The end state: approved, denied, expired, cancelled or failed. */
    outcome: page.locator('[data-login-state]'),
  };
}
