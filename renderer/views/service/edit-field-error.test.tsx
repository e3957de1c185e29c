// @vitest-environment jsdom
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError, fixInField } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus, openEditDialog, reviewEdit } from '../../../test/support/renderer';

afterEach(cleanup);

function localApi(args: string[], refuse: boolean) {
  const local = serverStatus({ name: 'local' });
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [local] }),
    serverConfig: () => ({ name: 'local', config: { command: 'node', args } }),
    updateServer: () => {
      if (refuse) throw new CodedError('invalid_input', 'args.1: an argument may not hold a NUL character', { data: fixInField('args', 1) });
      return local;
    },
    restartServer: () => local,
  });
}

async function openEdit(): Promise<HTMLElement> {
  const edit = await openEditDialog('local');
  return edit;
}

describe('an argument at fault, on the Edit service form', () => {
  it('the core refuses the save: back to the form, the argument marked by its label and focused', async () => {
    renderApp(localApi(['server.js', 'old'], true), { hash: '#/services/local' });
    const edit = await openEdit();
    fireEvent.change(edit.querySelector('#edit_args_1') as HTMLElement, { target: { value: 'new' } });
    await reviewEdit(edit, 'local');
    fireEvent.click(within(edit).getByRole('button', { name: /^Save/ }));
    const second = await waitFor(() => {
      const input = edit.querySelector<HTMLInputElement>('#edit_args_1');
      if (input === null) throw new Error('not back on the form');
      return input;
    });
    await waitFor(() => expect(second.getAttribute('aria-invalid')).toBe('true'));
    expect(second.value).toBe('new');
    const said = (second.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(said.join(' ')).toContain('an argument may not hold a NUL character');
    await waitFor(() => expect(document.activeElement).toBe(second));
    const note = within(edit).getByRole('alert');
    expect(note.textContent).toContain('Argument 2: an argument may not hold a NUL character');
    expect(note.textContent).not.toContain('args.1');
  });

  it("the form's own check names the argument by its label and asks to save again, never to add the service again", async () => {
    renderApp(localApi(['server.js', 'bad\0'], false), { hash: '#/services/local' });
    const edit = await openEdit();
    fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
    const note = await within(edit).findByRole('alert');
    expect(note.textContent).toContain('Argument 2: an argument may not hold a NUL character');
    expect(note.textContent).toContain('save again');
    expect(note.textContent).not.toContain('add the service again');
  });

  it("the form's own check marks the argument and takes the focus to it", async () => {
    renderApp(localApi(['server.js', 'bad\0'], false), { hash: '#/services/local' });
    const edit = await openEdit();
    fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
    await within(edit).findByRole('alert');
    const second = edit.querySelector<HTMLInputElement>('#edit_args_1');
    await waitFor(() => expect(document.activeElement).toBe(second));
    expect(second?.getAttribute('aria-invalid')).toBe('true');
  });
});
