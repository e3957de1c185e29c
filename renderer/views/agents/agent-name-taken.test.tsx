// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodedError } from '../../../shared/errors';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

// A name already taken: the core's advice named the `agents rotate` command, where the card beside
// the dialog has Rotate token; and the error stayed while the person typed another name.
describe('creating an agent whose name is taken', () => {
  it('points at Rotate token on the card, and the error goes once the name is changed', async () => {
    const api = createFakeApi({
      addAgent: (input) => {
        throw new CodedError('invalid_input', `An agent named "${input.name}" already exists`, {
          hint: `Choose another name, or run \`connected-services agents rotate "${input.name}"\` for a new token`,
        });
      },
    });
    renderApp(api, { hash: '#/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an agent' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'claude' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('An agent named "claude" already exists');
    expect(alert.textContent).toContain('Choose another name, or use Rotate token on the card of "claude" for a new token');
    expect(alert.textContent).not.toContain('connected-services');
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'claude-2' } });
    await waitFor(() => expect(within(dialog).queryByRole('alert')).toBeNull());
    // Tried again, the core's answer is shown again.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('An agent named "claude-2" already exists');
    expect(api.callsOf('addAgent').map((input) => input.name)).toEqual(['claude', 'claude-2']);
  });
});

// A screens review: "Only the services I choose" with none ticked said "Give at least 1 item."
describe('creating an agent limited to no service at all', () => {
  it('says to tick one or to choose every service', async () => {
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'memory' })] }) });
    renderApp(api, { hash: '#/agents' });
    fireEvent.click(await screen.findByRole('button', { name: 'Create agent' }));
    const dialog = screen.getByRole('dialog', { name: 'Create an agent' });
    fireEvent.change(within(dialog).getByLabelText(/^Name/), { target: { value: 'ci' } });
    fireEvent.click(within(dialog).getByLabelText('Only the services I choose'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create agent' }));
    expect(await within(dialog).findByText('Tick at least one service, or choose "All services, including ones added later".')).toBeTruthy();
    expect(within(dialog).queryByText(/Give at least 1 item/)).toBeNull();
    expect(api.callsOf('addAgent')).toEqual([]);
  });
});
