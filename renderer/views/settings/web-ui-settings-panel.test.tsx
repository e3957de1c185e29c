// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput, WebUiSettingsView } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

async function openPanel(setting: WebUiSettingsView, save?: (input: ApiInput<'setWebUiSettings'>) => WebUiSettingsView) {
  const api = createFakeApi({
    webUiSettings: () => setting,
    setWebUiSettings: save ?? ((input) => (input.uiSessionIdleMs === null ? {} : { uiSessionIdleMs: input.uiSessionIdleMs })),
  });
  renderApp(api, { hash: '#/settings' });
  const panel = await screen.findByRole('region', { name: 'Web UI sign-in' });
  await within(panel).findByRole('button', { name: 'Save web UI settings' });
  return { api, panel: within(panel) };
}

const IDLE = 'Sign a tab out after it is unused for';

describe('Settings → Web UI sign-in', () => {
  it('shows the limit in minutes with its range and default, and saves it through setWebUiSettings', async () => {
    const { api, panel } = await openPanel({ uiSessionIdleMs: 3_600_000 });
    const idle = panel.getByRole<HTMLInputElement>('textbox', { name: IDLE });
    expect(idle.value).toBe('60');
    expect(idle.placeholder).toBe('30');
    expect(panel.getByText('5 to 1440 minutes (a day). Default: 30.')).toBeTruthy();
    fireEvent.change(idle, { target: { value: '120' } });
    fireEvent.click(panel.getByRole('button', { name: 'Save web UI settings' }));
    expect((await panel.findByRole('status')).textContent).toBe('Saved. Open tabs use it at their next check.');
    expect(api.callsOf('setWebUiSettings')).toEqual([{ uiSessionIdleMs: 7_200_000 }]);
    // Emptied, the default again.
    fireEvent.change(idle, { target: { value: '' } });
    fireEvent.click(panel.getByRole('button', { name: 'Save web UI settings' }));
    await waitFor(() => expect(api.callsOf('setWebUiSettings')[1]).toEqual({ uiSessionIdleMs: null }));
  });

  it('refuses a limit out of bounds or not a number, with the range, and sends nothing', async () => {
    const { api, panel } = await openPanel({});
    const idle = panel.getByRole<HTMLInputElement>('textbox', { name: IDLE });
    for (const typed of ['4', '1441', '1e3', '-10', 'half an hour']) {
      fireEvent.change(idle, { target: { value: typed } });
      fireEvent.click(panel.getByRole('button', { name: 'Save web UI settings' }));
      expect(await panel.findByText('Enter a number of minutes: 5 to 1440 (a day), or leave it empty for the default.')).toBeTruthy();
      expect(idle.getAttribute('aria-invalid')).toBe('true');
    }
    expect(api.callsOf('setWebUiSettings')).toEqual([]);
  });

  it('shows a limit set by hand that is not whole minutes as it is, and saves it back unchanged', async () => {
    const { api, panel } = await openPanel({ uiSessionIdleMs: 330_000 });
    const idle = panel.getByRole<HTMLInputElement>('textbox', { name: IDLE });
    expect(idle.value).toBe('5.5');
    fireEvent.click(panel.getByRole('button', { name: 'Save web UI settings' }));
    await waitFor(() => expect(api.callsOf('setWebUiSettings')).toEqual([{ uiSessionIdleMs: 330_000 }]));
  });
});
