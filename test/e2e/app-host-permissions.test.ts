import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { appFrame, callToolWithApp, useUiSession, until, appFixtureHome } from '../support/e2e';

// Issue 36 item 1: a device only when the resource asks and the person allowed it once for that server.
describe('what an app may use of the device', () => {
  let home = '';

  const ui = useUiSession(() => {
    const session = appFixtureHome('cs-app-perm-');
    home = session.home;
    return session;
  }, 90_000);

  beforeAll(async () => {
    await ui.api('approveServer', { name: 'fixture' });
    await ui.api('connect', { name: 'fixture' });
  }, 90_000);

  it('gives the camera the resource asks for only once the person allows it for that server, and takes it back', async () => {
    const file = join(home, 'app-permissions', 'fixture.json');
    const panel = await callToolWithApp(ui.page, 'fixture', 'camera');
    const shown = async (key: string) => {
      const line = appFrame(panel).locator(`[data-key=${key}]`);
      await line.waitFor({ timeout: 20_000 });
      return line.textContent();
    };
    expect(await panel.locator('iframe').getAttribute('allow')).toBe('');
    expect(await shown('camera')).toBe('camera: false');
    const group = panel.getByRole('group', { name: 'What apps of fixture may use' });
    await group.getByText('This app asks for camera').waitFor();
    expect(existsSync(file)).toBe(false);

    await group.getByRole('button', { name: 'Allow for fixture' }).click();
    await group.getByText('Apps of fixture may use: camera.').waitFor();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, allowed: ['camera'] });
    await until(async () => (await panel.locator('iframe').getAttribute('allow').catch(() => null)) === 'camera', 'the app reopened with the camera');
    expect(await shown('camera')).toBe('camera: true');
    expect(await shown('microphone')).toBe('microphone: false');
    await ui.screenshot('app-host-permissions');

    await group.getByRole('button', { name: 'Revoke' }).click();
    await group.getByText('This app asks for camera').waitFor();
    expect(existsSync(file)).toBe(false);
    await until(async () => (await panel.locator('iframe').getAttribute('allow').catch(() => null)) === '', 'the app reopened without the camera');
    expect(await shown('camera')).toBe('camera: false');
  }, 90_000);
});
