// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

describe("a service's inventory on its overview", () => {
  it('says "1 resource, 1 prompt", not "1 resources, 1 prompts"', async () => {
    const notes = serverStatus({ name: 'notes', state: 'ready', toolCount: 1, resourceCount: 1, promptCount: 1 });
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [notes] }) }), { hash: '#/services/notes' });
    const term = await screen.findByText('Inventory');
    expect(term.nextElementSibling?.textContent).toBe('1 tool, 1 resource, 1 prompt');
  });
});
