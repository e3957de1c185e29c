import { describe, expect, it } from 'vitest';
import type { DoctorCheck } from '../../shared/api';
import { checkWords } from '../../renderer/views/settings/check-words';
import { useUiSession } from '../support/e2e';

const ui = useUiSession();

describe('settings against the real core', () => {
  it('shows the data directory, the vault and its safety, the bridge address and doctor results with fixes', async () => {
    const { page } = ui;
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const data = page.getByRole('region', { name: 'Data' });
    await data.getByText(ui.home, { exact: true }).waitFor();
    expect(await data.getByText(ui.home, { exact: true }).count()).toBe(1);

    const vault = page.getByRole('region', { name: 'Credential vault' });
    await vault.getByText('memory only (lost when the app stops)').waitFor();

    const bridge = page.getByRole('region', { name: 'Agent bridge' });
    // The bridge's address arrives with its own answer: wait for it, then count it.
    await bridge.getByText(ui.served.bridge ?? 'missing', { exact: true }).waitFor();
    expect(await bridge.getByText(ui.served.bridge ?? 'missing', { exact: true }).count()).toBe(1);

    const checks = page.getByRole('region', { name: 'Checks' });
    await checks.getByText('Node.js').waitFor();
    await checks.getByRole('status').getByText(/needs? attention\.|passed\./).waitFor();
    // Shown in the screens' words ("service" where the command line's doctor says "server").
    const doctor = (await ui.api<DoctorCheck[]>('doctor')).map(checkWords);
    for (const check of doctor) expect(await checks.getByText(check.title, { exact: true }).count()).toBeGreaterThan(0);
    const withFix = doctor.find((c) => c.fix !== undefined);
    if (withFix?.fix !== undefined) expect(await checks.getByText(withFix.fix).count()).toBe(1);
    await checks.getByRole('button', { name: 'Run checks again' }).click();
    await checks.getByRole('button', { name: 'Run checks again' }).waitFor();
    await ui.screenshot('settings');
    expect(ui.problems).toEqual([]);
  });

  it('keeps each secret store\'s advice inside its panel at 800 px, a long variable name included', async () => {
    const { page } = ui;
    await page.setViewportSize({ width: 800, height: 900 });
    await ui.open('#/settings');
    const stores = page.getByRole('region', { name: 'Secret stores' });
    await stores.getByText(/CONNECTED_SERVICES_KEEPASSXC_DATABASE/).waitFor();
    // How far any line of text runs past the panel's inner edge.
    const past = await stores.evaluate((panel) => {
      const inner = panel.getBoundingClientRect().right - parseFloat(getComputedStyle(panel).paddingRight);
      const range = document.createRange();
      range.selectNodeContents(panel);
      return Math.max(0, ...[...range.getClientRects()].map((r) => Math.round(r.right - inner)));
    });
    expect(past).toBe(0);
    await ui.screenshot('settings-stores-800');
  });
});
