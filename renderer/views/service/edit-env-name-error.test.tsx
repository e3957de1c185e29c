// @vitest-environment jsdom
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError, fixInField } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus, openEditDialog, reviewEdit } from '../../../test/support/renderer';

afterEach(cleanup);

function localApi() {
  const local = serverStatus({ name: 'local' });
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [local] }),
    serverConfig: () => ({ name: 'local', config: { command: 'node', env: { MODE: 'fast', LEVEL: 'debug' } } }),
  });
}

const describedBy = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

describe('a variable name the form refuses, on the Edit service form', () => {
  it("marks that row's Name alone, described by the message said once, and focuses it", async () => {
    renderApp(localApi(), { hash: '#/services/local' });
    const edit = await openEditDialog('local');
    const name = edit.querySelector('#edit_env_1_name') as HTMLInputElement;
    fireEvent.change(name, { target: { value: '1BAD=X' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
    const note = await within(edit).findByRole('alert');
    expect(note.textContent).toContain('Environment variable 1BAD=X: a variable name may not hold "="');
    expect(note.textContent).not.toContain('the key');
    const marked = edit.querySelector('#edit_env_1_name') as HTMLInputElement;
    await waitFor(() => expect(document.activeElement).toBe(marked));
    expect(marked.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(marked)).toContain('a variable name may not hold "="');
    for (const other of ['#edit_env_1_value', '#edit_env_0_name', '#edit_env_0_value']) {
      expect(edit.querySelector(other)?.getAttribute('aria-invalid'), other).toBeNull();
    }
    expect(edit.querySelectorAll('.has-error')).toHaveLength(1);
  });
});

describe('an error about the whole Environment variables, on the Edit service form', () => {
  it('the focused first input is described by the group’s message', async () => {
    const local = serverStatus({ name: 'local' });
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [local] }),
      serverConfig: () => ({ name: 'local', config: { command: 'node', env: { MODE: 'fast' } } }),
      updateServer: () => {
        throw new CodedError('invalid_input', 'env: too many variables for this system', { data: fixInField('env') });
      },
    });
    renderApp(api, { hash: '#/services/local' });
    const edit = await openEditDialog('local');
    fireEvent.change(edit.querySelector('#edit_env_0_value') as HTMLElement, { target: { value: 'slow' } });
    await reviewEdit(edit, 'local');
    fireEvent.click(within(edit).getByRole('button', { name: /^Save/ }));
    await waitFor(() => expect(document.activeElement?.id).toBe('edit_env_0_name'));
    expect(describedBy(document.activeElement as HTMLElement)).toContain('too many variables for this system');
  });
});
