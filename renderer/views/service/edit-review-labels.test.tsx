// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const LOCAL = { command: 'notes-mcp', args: ['--stdio', '--quiet'], cwd: '/gone' };

describe('the review of an edited service', () => {
  it("names each changed field as the form does: Folder, Argument 2, not mcp.json's keys", async () => {
    const local = serverStatus({ name: 'local', transport: 'stdio' });
    renderApp(
      createFakeApi({
        status: async () => ({ ...(await createFakeApi().status({})), servers: [local] }),
        serverConfig: () => ({ name: 'local', config: LOCAL }),
      }),
      { hash: '#/services/local' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Edit local' }));
    const edit = await screen.findByRole('dialog', { name: 'Edit local' });
    await within(edit).findByRole('group', { name: 'Settings of local' });
    fireEvent.change(within(edit).getByLabelText(/^Folder/), { target: { value: '/home/me/notes' } });
    fireEvent.change(edit.querySelector('#edit_args_1') as HTMLInputElement, { target: { value: '--verbose' } });
    fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
    const table = await within(edit).findByRole('table');
    const fields = within(table).getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(fields).toEqual(['Argument 2', 'Folder']);
  });
});
