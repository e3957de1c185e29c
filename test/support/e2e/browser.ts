import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, in a fresh profile that is deleted on close. One per test file. */
export async function launchBrowser(options: { viewport?: { width: number; height: number } } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'cs-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: options.viewport ?? { width: 1280, height: 860 },
    // The copy buttons use the async clipboard.
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  let closing: Promise<void> | undefined;
  return {
    context,
    close: () =>
      (closing ??= context.close().finally(() => rmSync(profile, { recursive: true, force: true }))),
  };
}
