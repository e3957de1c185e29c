// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ServerStatus } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

function apiWith(servers: ServerStatus[]) {
  return createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers }) });
}

describe('a server declared in a program\'s code is marked, and not edited here', () => {
  it('marks its row, and only its row', async () => {
    renderApp(apiWith([serverStatus({ name: 'mine', fromCode: true }), serverStatus({ name: 'files' })]));
    const row = await screen.findByRole('listitem', { name: 'mine' });
    expect(within(row).getByText('from code').getAttribute('title')).toContain("program's code");
    expect(within(screen.getByRole('listitem', { name: 'files' })).queryByText('from code')).toBeNull();
  });

  it('offers no Edit on its page but Remove (it forgets it), where a server of mcp.json has both', async () => {
    renderApp(apiWith([serverStatus({ name: 'mine', fromCode: true })]), { hash: '#/services/mine' });
    expect(await screen.findByText('from code')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit mine' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove mine' })).toBeTruthy();
    cleanup();
    renderApp(apiWith([serverStatus({ name: 'files' })]), { hash: '#/services/files' });
    expect(await screen.findByRole('button', { name: 'Edit files' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove files' })).toBeTruthy();
  });
});
