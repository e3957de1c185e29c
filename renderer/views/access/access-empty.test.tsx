// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

/** The text of a region's empty-state paragraph and where its links go. */
async function emptyState(region: string): Promise<{ text: string; links: Array<[string, string | null]> }> {
  const section = await screen.findByRole('region', { name: region });
  const note = await within(section).findByText(/yet\./);
  return { text: note.textContent ?? '', links: within(note).queryAllByRole('link').map((a) => [a.textContent ?? '', a.getAttribute('href')]) };
}

// A new user's Access screen: each empty part says what is missing and links to where it is made.
describe('Access with nothing in it yet', () => {
  it('services but no agent: the matrix says to create an agent and links to Agents; credentials say where they come from', async () => {
    renderApp(createFakeApi({ status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'everything' })] }) }), { hash: '#/access' });
    const matrix = await emptyState('Who may use what');
    expect(matrix.text).toBe('No agents yet. Create an agent, then choose here which of your services it may use.');
    expect(matrix.links).toEqual([['Create an agent', '#/agents']]);
    const credentials = await emptyState('Credentials');
    expect(credentials.text).toMatch(/^No credentials yet\. Secrets you store \(Settings → Secrets\), sign-ins to your services and\s+agents' tokens \(Agents\) appear here\.$/);
    expect(credentials.links).toEqual([['Settings', '#/settings'], ['Agents', '#/agents']]);
  });

  it('no service at all (as the fake starts): the matrix says to add one and links to Services', async () => {
    renderApp(createFakeApi(), { hash: '#/access' });
    const matrix = await emptyState('Who may use what');
    expect(matrix.text).toBe('No services yet. Add a service, then choose here which agent may use it.');
    expect(matrix.links).toEqual([['Add a service', '#/']]);
  });
});
