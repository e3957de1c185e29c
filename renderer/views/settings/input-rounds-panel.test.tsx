// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput, InputRoundSettingsView } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

async function openPanel(setting: InputRoundSettingsView | (() => InputRoundSettingsView), save?: (input: ApiInput<'setInputRoundSettings'>) => InputRoundSettingsView) {
  const api = createFakeApi({
    inputRoundSettings: typeof setting === 'function' ? setting : () => setting,
    setInputRoundSettings: save ?? ((input) => Object.fromEntries(Object.entries(input).filter(([, v]) => v !== null))),
  });
  renderApp(api, { hash: '#/settings' });
  const panel = await screen.findByRole('region', { name: "When agents answer a service's questions" });
  await within(panel).findByRole('button', { name: 'Save answer times' });
  return { api, panel: within(panel) };
}

describe('Settings → When agents answer a service\'s questions', () => {
  it('shows the settings in seconds with their defaults, and saves the changed ones in ms', async () => {
    const { api, panel } = await openPanel({ inputRoundWindowMs: 120_000 });
    const window = panel.getByRole('textbox', { name: 'Time an agent has to answer' });
    const quiet = panel.getByRole('textbox', { name: 'Wait for more questions' });
    const gather = panel.getByRole('textbox', { name: 'Longest time to gather questions' });
    expect((window as HTMLInputElement).value).toBe('120');
    expect((quiet as HTMLInputElement).value).toBe('');
    expect((quiet as HTMLInputElement).placeholder).toBe('0.25');
    expect(panel.getByText('1 to 3600 seconds. Default: 300 (5 minutes).')).toBeTruthy();
    expect(panel.getByText('0 to 5 seconds. Default: 0.25.')).toBeTruthy();
    expect(panel.getByText('0 to 60 seconds. Default: 2.')).toBeTruthy();
    // The range and the trade-off describe the field to a screen reader.
    const described = (quiet.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['0 to 5 seconds. Default: 0.25.', expect.stringMatching(/^Shorter passes a question on sooner/) as unknown]);

    fireEvent.change(quiet, { target: { value: '0.5' } });
    fireEvent.change(gather, { target: { value: '10' } });
    fireEvent.click(panel.getByRole('button', { name: 'Save answer times' }));
    expect(await panel.findByRole('status')).toBeTruthy();
    expect(api.callsOf('setInputRoundSettings')).toEqual([{ inputRoundWindowMs: 120_000, inputRoundQuietMs: 500, inputRoundGatherMaxMs: 10_000 }]);

    // Emptied: the default again.
    fireEvent.change(window, { target: { value: '' } });
    fireEvent.click(panel.getByRole('button', { name: 'Save answer times' }));
    await panel.findByRole('status');
    expect(api.callsOf('setInputRoundSettings')[1]).toEqual({ inputRoundWindowMs: null, inputRoundQuietMs: 500, inputRoundGatherMaxMs: 10_000 });
  });

  it('keeps the focus on Save while it saves (a disabled button drops it to the page), and a second press waits', async () => {
    let finish: (view: InputRoundSettingsView) => void = () => undefined;
    const saving = new Promise<InputRoundSettingsView>((resolve) => (finish = resolve));
    const { api, panel } = await openPanel({}, () => saving as unknown as InputRoundSettingsView);
    fireEvent.change(panel.getByRole('textbox', { name: 'Wait for more questions' }), { target: { value: '1' } });
    const save = panel.getByRole('button', { name: 'Save answer times' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(save.getAttribute('aria-disabled')).toBe('true'));
    expect((save as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(save);
    fireEvent.click(save);
    act(() => finish({ inputRoundQuietMs: 1000 }));
    expect(await panel.findByRole('status')).toBeTruthy();
    expect(api.callsOf('setInputRoundSettings')).toHaveLength(1);
    expect(save.hasAttribute('aria-disabled')).toBe(false);
  });

  it('refuses values out of bounds with the range, and sends nothing', async () => {
    const { api, panel } = await openPanel({});
    const window = panel.getByRole('textbox', { name: 'Time an agent has to answer' });
    fireEvent.change(window, { target: { value: '7200' } });
    fireEvent.change(panel.getByRole('textbox', { name: 'Wait for more questions' }), { target: { value: '4' } });
    fireEvent.change(panel.getByRole('textbox', { name: 'Longest time to gather questions' }), { target: { value: '1' } });
    fireEvent.click(panel.getByRole('button', { name: 'Save answer times' }));
    expect(await panel.findByText('Enter a number from 1 to 3600 seconds, or leave it empty for the default.')).toBeTruthy();
    expect(panel.getByText('Must be at least the wait for more questions (4 seconds).')).toBeTruthy();
    expect(window.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsOf('setInputRoundSettings')).toEqual([]);
  });

  it('shows the core\'s refusal as it said it', async () => {
    const { panel } = await openPanel({}, () => {
      throw new CodedError('invalid_input', 'This change would make the config invalid: settings.inputRoundGatherMaxMs: must be at least inputRoundQuietMs (3000)');
    });
    fireEvent.change(panel.getByRole('textbox', { name: 'Wait for more questions' }), { target: { value: '1' } });
    fireEvent.click(panel.getByRole('button', { name: 'Save answer times' }));
    expect(await panel.findByRole('alert')).toBeTruthy();
    expect(panel.getByRole('alert').textContent).toContain('must be at least inputRoundQuietMs (3000)');
  });

  // Changed in another window or in mcp.json, the panel showed the old times until the screen was left.
  it('follows a change made elsewhere (settingsChanged), and keeps unsaved edits, saying so', async () => {
    let inCore: InputRoundSettingsView = { inputRoundWindowMs: 120_000 };
    const { api, panel } = await openPanel(() => inCore);
    const window = panel.getByRole<HTMLInputElement>('textbox', { name: 'Time an agent has to answer' });
    expect(window.value).toBe('120');
    inCore = { inputRoundWindowMs: 600_000 };
    act(() => api.emit('settingsChanged', {}));
    await waitFor(() => expect(window.value).toBe('600'));
    expect(panel.queryByRole('note')).toBeNull();

    fireEvent.change(window, { target: { value: '30' } });
    inCore = { inputRoundWindowMs: 900_000 };
    act(() => api.emit('settingsChanged', {}));
    expect((await panel.findByRole('note')).textContent).toContain('changed elsewhere');
    expect(window.value).toBe('30');
  });
});
