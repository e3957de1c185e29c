// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoreReferenceView } from '../../../shared/api';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp } from '../../../test/support/renderer';

afterEach(cleanup);

const ENTRY: StoreReferenceView = {
  store: 'pass',
  type: 'pass',
  path: 'work/github-token',
  reference: '${secret:pass:work/github-token}',
  uses: [{ server: 'github', field: 'env.GITHUB_TOKEN' }],
  canReveal: true,
  canReplace: true,
  guidance: 'pass edit work/github-token',
};

/** Opens a row's Replace and answers its one "New value for …" form (both rows share it). */
async function replace(label: string, field: string, value: string): Promise<void> {
  fireEvent.click(await screen.findByRole('button', { name: label }));
  const input = await screen.findByLabelText(field);
  expect(input.getAttribute('type')).toBe('password');
  const save = screen.getByRole('button', { name: 'Save new value' });
  expect(save.hasAttribute('disabled')).toBe(true);
  fireEvent.change(input, { target: { value } });
  expect(save.hasAttribute('disabled')).toBe(false);
  fireEvent.click(save);
}

describe('Access: replacing a value, one form for vault secrets and store entries', () => {
  it('a vault secret is stored at once; a store entry only after its write into the store is confirmed', async () => {
    const api = createFakeApi({
      listSecrets: () => [{ name: 'API_TOKEN' }],
      listStoreReferences: () => [ENTRY],
      setSecret: () => ({ ok: true }),
      setStoreSecret: () => ({ ok: true }),
    });
    renderApp(api, { hash: '#/access' });

    await replace('Replace API_TOKEN', 'New value for API_TOKEN', 'new-vault-value-123');
    await waitFor(() => expect(api.callsOf('setSecret')).toEqual([{ name: 'API_TOKEN', value: 'new-vault-value-123' }]));
    await waitFor(() => expect(screen.queryByLabelText('New value for API_TOKEN')).toBeNull());

    const storeName = await screen.findByRole('button', { name: /^Replace .*work\/github-token/ });
    const label = storeName.getAttribute('aria-label') ?? '';
    const shown = label.replace(/^Replace /, '');
    await replace(label, `New value for ${shown}`, 'new-store-value-456');
    expect(api.callsOf('setStoreSecret')).toEqual([]);
    const confirm = await screen.findByRole('dialog', { name: 'Write into pass' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Write into pass' }));
    await waitFor(() => expect(api.callsOf('setStoreSecret')).toEqual([{ store: 'pass', path: 'work/github-token', value: 'new-store-value-456' }]));
  });

  it('says why a vault secret was not replaced, keeping what was typed, and shows the core’s warning when it was', async () => {
    let answer: 'fail' | 'warn' = 'fail';
    const api = createFakeApi({
      listSecrets: () => [{ name: 'API_TOKEN' }],
      setSecret: () => {
        if (answer === 'fail') throw new CodedError('denied', 'The vault is locked.', { hint: 'Unlock it, then save again.' });
        return { ok: true, warning: 'vault.enc could not be read; it was set aside and written again from the secrets this app held.' };
      },
    });
    renderApp(api, { hash: '#/access' });

    await replace('Replace API_TOKEN', 'New value for API_TOKEN', 'typed-value-1');
    expect(await screen.findByText(/The vault is locked\./)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('New value for API_TOKEN').value).toBe('typed-value-1');

    answer = 'warn';
    fireEvent.click(screen.getByRole('button', { name: 'Save new value' }));
    const note = await screen.findByText(/Stored the new value\. vault\.enc could not be read/);
    expect(note.getAttribute('role')).toBe('status');
    expect(screen.queryByText(/The vault is locked\./)).toBeNull();
    expect(screen.queryByLabelText('New value for API_TOKEN')).toBeNull();
  });
});
