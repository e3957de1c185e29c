// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

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
  fireEvent.click(await screen.findByRole('button', { name: 'Edit local' }));
  const edit = await screen.findByRole('dialog', { name: 'Edit local' });
  await within(edit).findByRole('group', { name: 'Settings of local' });
  fireEvent.change(edit.querySelector('#edit_args_0') as HTMLElement, { target: { value: 'fixed.js' } });
  fireEvent.click(within(edit).getByRole('button', { name: 'Review changes' }));
  await within(edit).findByRole('heading', { name: 'Changes to local' });
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
