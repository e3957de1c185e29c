// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput, SessionSettingsView } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

/** True when the browser would ask "Leave site?" before a reload or a close. */
const leavingAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

async function openPanel(setting: SessionSettingsView | (() => SessionSettingsView), save?: (input: ApiInput<'setSessionSettings'>) => SessionSettingsView) {
  const api = createFakeApi({
    sessionSettings: typeof setting === 'function' ? setting : () => setting,
    setSessionSettings: save ?? ((input) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null))),
  });
  renderApp(api, { hash: '#/settings' });
  const panel = await screen.findByRole('region', { name: 'Keeping web services connected' });
  await within(panel).findByRole('button', { name: 'Save connection settings' });
  return { api, panel: within(panel) };
}

const CHECK = 'Check a quiet connection every';
const TIMEOUT = "Wait for the check's answer";
const RENEWALS = 'New connections a minute, at most';
const save = (panel: Awaited<ReturnType<typeof openPanel>>['panel']) => fireEvent.click(panel.getByRole('button', { name: 'Save connection settings' }));

describe('Settings → Keeping web services connected', () => {
  it('shows the settings with their ranges, defaults and explanations, and saves the edited ones through setSessionSettings', async () => {
    const { api, panel } = await openPanel({ sessionCheckMs: 120_000 });
    const check = panel.getByRole<HTMLInputElement>('textbox', { name: CHECK });
    const timeout = panel.getByRole<HTMLInputElement>('textbox', { name: TIMEOUT });
    const renewals = panel.getByRole<HTMLInputElement>('textbox', { name: RENEWALS });
    expect(check.value).toBe('120');
    expect(timeout.value).toBe('');
    expect(timeout.placeholder).toBe('10');
    expect(renewals.placeholder).toBe('5');
    expect(panel.getByText('0 (never) or 1 to 86400 seconds. Default: 60 (1 minute).')).toBeTruthy();
    expect(panel.getByText('0.1 to 600 seconds. Default: 10.')).toBeTruthy();
    expect(panel.getByText('1 to 60. Default: 5.')).toBeTruthy();
    // The range and the explanation describe the field to a screen reader.
    const described = (check.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['0 (never) or 1 to 86400 seconds. Default: 60 (1 minute).', expect.stringMatching(/^Some services forget a connection without a word/) as unknown]);

    expect(leavingAsks()).toBe(false);
    fireEvent.change(timeout, { target: { value: '2.5' } });
    fireEvent.change(renewals, { target: { value: '12' } });
    expect(leavingAsks()).toBe(true);
    save(panel);
    expect((await panel.findByRole('status')).textContent).toBe('Saved. Running services use them at once.');
    // The guard is dropped by an effect, which may run just after the status is drawn.
    await waitFor(() => expect(leavingAsks()).toBe(false));
    expect(api.callsOf('setSessionSettings')).toEqual([{ sessionCheckMs: 120_000, sessionCheckTimeoutMs: 2_500, sessionRenewalsPerMinute: 12 }]);
    // Shown as the core answered.
    expect(timeout.value).toBe('2.5');

    // 0 turns the check off; emptied, the default again.
    fireEvent.change(check, { target: { value: '0' } });
    fireEvent.change(renewals, { target: { value: '' } });
    save(panel);
    // The first save's status is still shown: what says this one was sent is the call itself.
    await waitFor(() => expect(api.callsOf('setSessionSettings')[1]).toEqual({ sessionCheckMs: 0, sessionCheckTimeoutMs: 2_500, sessionRenewalsPerMinute: null }));
  });

  it('refuses values out of bounds with the range, and sends nothing', async () => {
    const { api, panel } = await openPanel({});
    const check = panel.getByRole('textbox', { name: CHECK });
    fireEvent.change(check, { target: { value: '0.5' } });
    fireEvent.change(panel.getByRole('textbox', { name: TIMEOUT }), { target: { value: '601' } });
    fireEvent.change(panel.getByRole('textbox', { name: RENEWALS }), { target: { value: '0' } });
    save(panel);
    expect(await panel.findByText('Enter a number of seconds: 0 (never) or 1 to 86400 seconds, or leave it empty for the default.')).toBeTruthy();
    expect(panel.getByText('Enter a number of seconds: 0.1 to 600 seconds, or leave it empty for the default.')).toBeTruthy();
    expect(panel.getByText('Enter a whole number: 1 to 60, or leave it empty for the default.')).toBeTruthy();
    expect(check.getAttribute('aria-invalid')).toBe('true');
    expect(check.getAttribute('aria-describedby')?.split(' ')[0]).toBe('session-sessionCheckMs-error');
    expect(panel.queryByRole('status')).toBeNull();
    expect(api.callsOf('setSessionSettings')).toEqual([]);

    // Put right, it is saved.
    fireEvent.change(check, { target: { value: '1' } });
    fireEvent.change(panel.getByRole('textbox', { name: TIMEOUT }), { target: { value: '600' } });
    fireEvent.change(panel.getByRole('textbox', { name: RENEWALS }), { target: { value: '60' } });
    save(panel);
    await panel.findByRole('status');
    expect(api.callsOf('setSessionSettings')).toEqual([{ sessionCheckMs: 1_000, sessionCheckTimeoutMs: 600_000, sessionRenewalsPerMinute: 60 }]);
    expect(check.getAttribute('aria-invalid')).toBe('false');
  });

  it("shows the core's refusal as it said it", async () => {
    const { panel } = await openPanel({}, () => {
      throw new CodedError('invalid_input', 'This change would make the config invalid: settings.sessionRenewalsPerMinute: must be a whole number from 1 to 60');
    });
    fireEvent.change(panel.getByRole('textbox', { name: RENEWALS }), { target: { value: '3' } });
    save(panel);
    expect((await panel.findByRole('alert')).textContent).toContain('must be a whole number from 1 to 60');
  });

  it('follows a change made elsewhere (settingsChanged), and keeps unsaved edits, saying so', async () => {
    let inCore: SessionSettingsView = { sessionRenewalsPerMinute: 3 };
    const { api, panel } = await openPanel(() => inCore);
    const renewals = panel.getByRole<HTMLInputElement>('textbox', { name: RENEWALS });
    expect(renewals.value).toBe('3');
    inCore = { sessionRenewalsPerMinute: 7 };
    act(() => api.emit('settingsChanged', {}));
    await waitFor(() => expect(renewals.value).toBe('7'));
    expect(panel.queryByRole('note')).toBeNull();

    fireEvent.change(renewals, { target: { value: '9' } });
    inCore = { sessionRenewalsPerMinute: 20 };
    act(() => api.emit('settingsChanged', {}));
    expect((await panel.findByRole('note')).textContent).toContain('changed elsewhere');
    expect(renewals.value).toBe('9');
  });
});
