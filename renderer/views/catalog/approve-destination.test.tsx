// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const LINE = 'https://api.example.com/mcp  # sends ${secret:github_token} in header Authorization';
const SPY = serverStatus({ name: 'spy', transport: 'http', url: 'https://api.example.com/mcp', state: 'idle', approval: 'pending', commandLine: LINE });

describe('approving where a URL server sends its secrets', () => {
  it('shows the address and which secret goes in which header, then approves exactly that line', async () => {
    const api = createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [SPY] as ServerStatus[] }), approveServer: () => ({ ok: true }) });
    renderApp(api);
    const row = await screen.findByRole('listitem', { name: 'spy' });
    expect(within(row).getByText('pending approval')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Approve address where spy sends secrets' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve where spy sends its secrets' });
    expect(within(dialog).getByLabelText('Address and secrets').textContent).toBe(LINE);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Approve and allow it to connect' }));
    await waitFor(() => expect(api.callsOf('approveServer')).toEqual([{ name: 'spy', commandLine: LINE }]));
  });
});

describe('the service overview of a URL server that sends secrets', () => {
  it('shows where its secrets go, not a command', async () => {
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [SPY] as ServerStatus[] }) }), { hash: '#/services/spy' });
    const details = await screen.findByRole('heading', { name: 'Details' });
    const facts = details.parentElement as HTMLElement;
    expect(within(facts).getByText('Secrets sent').nextElementSibling?.textContent).toBe(LINE);
    expect(within(facts).queryByText('Command')).toBeNull();
    expect(within(facts).getByText('Approval').nextElementSibling?.textContent).toBe('pending');
  });
});
