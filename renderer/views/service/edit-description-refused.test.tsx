// @vitest-environment jsdom
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError, fixInField } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus, openEditDialog, reviewEdit } from '../../../test/support/renderer';

afterEach(cleanup);

const REFUSAL = 'The description holds what looks like a token; a description is shown everywhere and kept in clear in mcp.json, so it was not written';

function localApi() {
  const local = serverStatus({ name: 'local' });
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [local] }),
    serverConfig: () => ({ name: 'local', config: { command: 'node', args: ['server.js'] } }),
    updateServer: () => {
      throw new CodedError('invalid_input', REFUSAL, { data: fixInField('description') });
    },
    restartServer: () => local,
  });
}

describe('a description the core refuses, on the Edit service form', () => {
  it('back to the form with Description marked, described by the refusal and focused; Save is no longer offered', async () => {
    renderApp(localApi(), { hash: '#/services/local' });
    const edit = await openEditDialog('local');
    fireEvent.change(edit.querySelector('#edit_description') as HTMLElement, { target: { value: 'my token ghp_x' } });
    await reviewEdit(edit, 'local');
    fireEvent.click(within(edit).getByRole('button', { name: /^Save/ }));
    const description = await waitFor(() => {
      const input = edit.querySelector<HTMLInputElement>('#edit_description');
      if (input === null) throw new Error('not back on the form');
      return input;
    });
    await waitFor(() => expect(description.getAttribute('aria-invalid')).toBe('true'));
    expect(description.value).toBe('my token ghp_x');
    const said = (description.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '');
    expect(said.join(' ')).toContain('The description holds what looks like a token');
    await waitFor(() => expect(document.activeElement).toBe(description));
    expect(within(edit).queryByRole('button', { name: /^Save/ })).toBeNull();
  });
});
