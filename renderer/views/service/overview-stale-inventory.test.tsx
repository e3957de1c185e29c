// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

describe("a service's page after its command was edited", () => {
  it('says its inventory is of the service before the change, until it lists again', async () => {
    const status = { ...serverStatus({ name: 'notes', state: 'idle', toolCount: 9 }), inventoryUpdatedAt: Date.now() - 60_000, inventoryStale: true as const };
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [status] }) }), { hash: '#/services/notes' });
    const inventory = (await screen.findByText('Inventory')).nextElementSibling;
    expect(inventory?.textContent).toContain('9 tools');
    expect(inventory?.textContent).toContain('from the service as it was before its last change; it lists its tools again when it next starts');
  });
});
