import { afterAll } from 'vitest';
import type { Page } from 'playwright-core';
import { startStack, type Stack } from '../oauth-harness';
import { passphraseHome } from '../passphrase-home';
import type { UiSession } from './ui-session';
import { useUiSession } from './use-ui-session';

/**
 * The file's UI session beside an OAuth stack (startStack: an authorization server and the MCP server
 * it protects), closed after the session. `serve --print-url` with `env`: no browser opens by itself,
 * the address is only printed, as on a remote session. `env` holds the passphrase its vault is made
 * with (passphraseHome). `stack()` in tests and later hooks.
 */
export function useStackSession(env: Record<string, string>): { ui: UiSession; stack: () => Stack } {
  let stack: Stack | undefined;
  afterAll(async () => {
    await stack?.close();
  });
  const ui = useUiSession(async () => {
    stack = await startStack();
    return { home: await passphraseHome(env, 'cs-e2e-'), serveArgs: ['--print-url'], env };
  });
  return {
    ui,
    stack: () => {
      if (stack === undefined) throw new Error('the stack starts in beforeAll: use it in tests and hooks');
      return stack;
    },
  };
}

/** Follows an authorization server page to the app's callback in a tab of its own (the fixture signs the test user in). */
export async function signInInTab(page: Page, url: string, timeoutMs = 15_000): Promise<void> {
  const tab = await page.context().newPage();
  try {
    await tab.goto(url);
    await tab.waitForURL(/127\.0\.0\.1:\d+\/callback/, { timeout: timeoutMs });
  } finally {
    await tab.close();
  }
}
