// @vitest-environment jsdom
import { cleanup, fireEvent, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus, openEditDialog, reviewEdit } from '../../../test/support/renderer';

afterEach(cleanup);

function failedApi(approval: 'approved' | 'pending') {
  const local = serverStatus({ name: 'local', state: 'error', approval });
  return createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [local] }),
    serverConfig: () => ({ name: 'local', config: { command: 'node', args: ['server.js'] } }),
    updateServer: () => ({ ...local, approval: 'pending' }),
  });
}

async function reviewArgument(): Promise<HTMLElement> {
  const edit = await openEditDialog('local');
  fireEvent.change(edit.querySelector('#edit_args_0') as HTMLElement, { target: { value: 'fixed.js' } });
  await reviewEdit(edit, 'local');
  return edit;
}

describe('the Edit review of a service in error whose new command is approved before it runs', () => {
  for (const approval of ['approved', 'pending'] as const) {
    it(`offers Save, not Save and restart, for a command ${approval}`, async () => {
      renderApp(failedApi(approval), { hash: '#/services/local' });
      const edit = await reviewArgument();
      expect(within(edit).getByText(/you approve the new command before it runs again/)).toBeTruthy();
      expect(within(edit).getByRole('button', { name: 'Save' })).toBeTruthy();
      expect(within(edit).queryByRole('button', { name: 'Save and restart' })).toBeNull();
    });
  }
});
