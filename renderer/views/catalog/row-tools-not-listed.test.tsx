// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

const NEVER_LISTED = serverStatus({ name: 'fresh', state: 'idle', approval: 'pending' });
const LISTED_NONE = serverStatus({ name: 'empty', state: 'ready', inventoryUpdatedAt: 1_800_000_000_000 });
const LISTED = serverStatus({ name: 'desk', state: 'ready', toolCount: 3 });

function api() {
  return createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [NEVER_LISTED, LISTED_NONE, LISTED] }) });
}

describe('the tool count of a service row', () => {
  it('says a service never listed its tools, not that it has none', async () => {
    renderApp(api());
    await screen.findByRole('link', { name: 'fresh' });
    const cell = (name: string) => screen.getByRole('listitem', { name }).querySelector('.row-tools')?.textContent;
    expect(cell('fresh')).toBe('—tools not listed yet');
    expect(within(screen.getByRole('listitem', { name: 'fresh' })).queryByText('0 tools')).toBeNull();
    expect(cell('empty')).toBe('0 tools');
    expect(cell('desk')).toBe('3 tools');
  });

  it('says so on its page too', async () => {
    renderApp(api(), { hash: '#/services/fresh' });
    const inventory = (await screen.findByText('Inventory')).nextElementSibling;
    expect(inventory?.textContent).toContain('Not listed yet');
    expect(inventory?.textContent).not.toContain('0 tools');
  });
});
