import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startDeviceAnswerAs, type DeviceAnswerAs } from '../fixtures/oauth/device-answer-as';
import { passphraseHome } from '../support/passphrase-home';
import { useUiSession } from '../support/e2e';

// An authorization server whose verification_uri is 3,000 characters of one word: the sign-in page
// wraps it within the window, and the link still opens the whole address.
const WIDTH = 1280;
let as: DeviceAnswerAs | undefined;

const ui = useUiSession(async () => {
  as = await startDeviceAnswerAs((base) => ({ verification_uri: `${base}/${'a'.repeat(3000)}`, user_code: 'WDJB-MJHT' }), { pending: true });
  const env = { CONNECTED_SERVICES_VAULT_PROVIDER: 'passphrase', CONNECTED_SERVICES_PASSPHRASE: 'device layout passphrase', BROWSER: '/bin/true' };
  const home = await passphraseHome(env, 'cs-e2e-device-');
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { tv: { type: 'http', url: as.mcpUrl, auth: { type: 'device' } } } }));
  return { home, env };
}, 60_000);

afterAll(async () => {
  await as?.close();
});

describe('device sign-in page with a 3,000-character verification address', () => {
  it('wraps the address within the window; the link opens all of it', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: WIDTH, height: 800 });
    await ui.open('#/login/tv');
    await page.getByRole('button', { name: 'Sign in with a code' }).click();
    await page.getByText('WDJB-MJHT').waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(WIDTH);
    const link = page.locator('a.device-address');
    expect((await link.getAttribute('href'))?.length).toBeGreaterThan(3000);
    expect(await link.textContent()).toBe(await link.getAttribute('href'));
    await ui.screenshot('device-address-long');
  }, 60_000);
});
