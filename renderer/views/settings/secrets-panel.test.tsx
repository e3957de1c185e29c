// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiInput } from '../../../shared/api';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

function setup(safety: 'memory-only' | 'encrypted') {
  const stored: ApiInput<'setSecret'>[] = [];
  const api = createFakeApi({
    status: async () => {
      const base = await createFakeApi().status({});
      return { ...base, vault: { ...base.vault, safety, persistent: safety !== 'memory-only' } };
    },
    listSecrets: () => stored.map(({ name, server }) => ({ name, ...(server !== undefined ? { server } : {}) })),
    setSecret: (input) => {
      stored.push(input);
      return { ok: true };
    },
  });
  renderApp(api, { hash: '#/settings' });
  return { stored };
}

describe('Settings → Secrets', () => {
  it('adds a secret, scoped to a service, and lists its name', async () => {
    const { stored } = setup('encrypted');
    fireEvent.click(await screen.findByRole('button', { name: 'Add secret' }));
    const form = screen.getByRole('form', { name: 'Add a secret' });
    expect(within(form).queryByText(/memory-only/)).toBeNull();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'bad name' } });
    expect(within(form).getByText(/Use 1-128 letters/)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'GITHUB_TOKEN' } });
    fireEvent.change(within(form).getByLabelText(/For service/), { target: { value: 'github' } });
    fireEvent.change(within(form).getByLabelText('Value'), { target: { value: 's3cret' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Store secret' }));
    await waitFor(() => expect(stored).toEqual([{ name: 'GITHUB_TOKEN', server: 'github', value: 's3cret' }]));
    expect(await screen.findByText('GITHUB_TOKEN')).toBeTruthy();
    expect(screen.getByText('Stored GITHUB_TOKEN.').getAttribute('role')).toBe('status');
    // Access reveals a value when asked: this panel does not claim none is ever shown.
    expect(within(screen.getByRole('region', { name: 'Secrets' })).getByText(/Values are not shown here; Access shows one when you ask it to\./)).toBeTruthy();
  });

  it("counts what the vault holds anew when a secret is stored or deleted, and on coming back to Settings", async () => {
    let entries = 2;
    const api = createFakeApi({
      status: async () => {
        const base = await createFakeApi().status({});
        return { ...base, vault: { ...base.vault, entryCount: entries } };
      },
      listSecrets: () => [{ name: 'OLD' }],
      setSecret: () => ((entries += 1), { ok: true }),
      deleteSecret: () => ((entries -= 1), { deleted: true }),
    });
    renderApp(api, { hash: '#/settings' });
    const count = async (n: number) => waitFor(() => expect(within(screen.getByRole('region', { name: 'Credential vault' })).getByText('Entries').nextElementSibling?.textContent).toBe(String(n)));
    await count(2);
    fireEvent.click(await screen.findByRole('button', { name: 'Add secret' }));
    const form = screen.getByRole('form', { name: 'Add a secret' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'TOKEN' } });
    fireEvent.change(within(form).getByLabelText('Value'), { target: { value: 's3cret' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Store secret' }));
    await count(3);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete secret OLD' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete secret' }));
    await count(2);
    // A sign-in stored a token meanwhile, elsewhere: coming back to Settings counts it.
    entries = 5;
    window.location.hash = '#/activity';
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Credential vault' })).toBeNull());
    window.location.hash = '#/settings';
    await count(5);
  });

  it('shows the core’s warning beside what was stored', async () => {
    const api = createFakeApi({ listSecrets: () => [], setSecret: () => ({ ok: true, warning: 'No service is named "gihtub": the secret waits for one.' }) });
    renderApp(api, { hash: '#/settings' });
    fireEvent.click(await screen.findByRole('button', { name: 'Add secret' }));
    const form = screen.getByRole('form', { name: 'Add a secret' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'TOKEN' } });
    fireEvent.change(within(form).getByLabelText(/For service/), { target: { value: 'gihtub' } });
    fireEvent.change(within(form).getByLabelText('Value'), { target: { value: 'v' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Store secret' }));
    const note = await screen.findByText((_, element) => element?.tagName === 'P' && /^Stored TOKEN\..* No service is named "gihtub": the secret waits for one\.$/.test(element.textContent ?? ''));
    expect(note.getAttribute('role')).toBe('status');
    expect(note.className).toContain('note-warn');
  });

  it('says at the value field when the vault keeps secrets only in memory', async () => {
    setup('memory-only');
    fireEvent.click(await screen.findByRole('button', { name: 'Add secret' }));
    const value = within(screen.getByRole('form', { name: 'Add a secret' })).getByLabelText('Value');
    const note = document.getElementById(value.getAttribute('aria-describedby') ?? '');
    expect(note?.textContent).toMatch(/memory-only: this secret is kept until the app stops/);
  });

  it('keeps the keyboard in place: the form takes the focus, and Cancel, Escape or Store give it back to Add secret', async () => {
    setup('encrypted');
    fireEvent.click(await screen.findByRole('button', { name: 'Add secret' }));
    const form = screen.getByRole('form', { name: 'Add a secret' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Name'));
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add secret' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add secret' }));
    fireEvent.keyDown(within(screen.getByRole('form', { name: 'Add a secret' })).getByLabelText('Value'), { key: 'Escape' });
    expect(screen.queryByRole('form', { name: 'Add a secret' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add secret' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add secret' }));
    const again = screen.getByRole('form', { name: 'Add a secret' });
    fireEvent.change(within(again).getByLabelText('Name'), { target: { value: 'TOKEN' } });
    fireEvent.change(within(again).getByLabelText('Value'), { target: { value: 's3cret' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Store secret' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add secret' })));
  });
});
