// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

// Agents said "read-only: allow" under Policy where Access said "read allow" and "As its tiers" for the same setting.
describe("an agent's setting per kind of tool on Access", () => {
  it('is said in the words of its card on Agents', async () => {
    const api = createFakeApi({
      status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything' })] }),
      listAgents: () => [{ name: 'desk', servers: '*', policy: { read: 'allow', write: 'ask', destructive: 'deny' }, tools: {}, createdAt: 0 }],
    });
    renderApp(api, { hash: '#/access' });
    const row = await screen.findByRole('rowheader', { name: /^desk/ });
    expect(within(row).getByText(/destructive/).textContent).toBe('read-only: allow, write: ask, destructive: deny');
    // A cell that follows that setting is named as the card names it: its policy.
    expect(screen.getByRole('combobox', { name: 'desk on everything' }).querySelector('option[value="tiers"]')?.textContent).toBe('As its policy');
  });
});
