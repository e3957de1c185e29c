// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ToolInfo } from '../../../shared/api';
import { createFakeApi, renderApp, serverStatus } from '../../../test/support/renderer';

afterEach(cleanup);

// As the App API lists them: each with the tier an agent's policy judges it by.
const TOOLS: ToolInfo[] = [
  { server: 'files', name: 'delete_everything', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, tier: 'destructive' },
  { server: 'files', name: 'search_files', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, tier: 'read' },
  { server: 'files', name: 'weather', inputSchema: { type: 'object' }, tier: 'write' },
  { server: 'files', name: 'revokeToken', inputSchema: { type: 'object' }, tier: 'destructive' },
  // A listing without the tier (an older core): only the server's own, untrusted, hint is known.
  { server: 'files', name: 'lookup_notes', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
];

function render(hash: string) {
  const api = createFakeApi({
    status: async () => ({ ...(await createFakeApi().status({})), servers: [serverStatus({ name: 'files', toolCount: TOOLS.length })] }),
    listTools: () => TOOLS,
  });
  renderApp(api, { hash });
}

describe("a tool's tier badge on the service page", () => {
  it('shows the tier the policy uses, not the hint, and says why when they differ', async () => {
    render('#/services/files/tools');
    const list = await screen.findByRole('navigation', { name: 'Tools of files' });
    const row = async (name: string) => (await within(list).findByText(name)).closest('a') as HTMLElement;
    const deleting = await row('delete_everything');
    expect(within(deleting).queryByText('read-only')).toBeNull();
    const badge = within(deleting).getByText('destructive');
    expect(badge.getAttribute('title')).toMatch(/name says more than the server's hint \(read-only\)/);
    // Not only the tier's tooltip: a short tag of its own naming the hint it outranks in its visible words.
    const outranks = within(deleting).getByText('name outranks read-only hint');
    expect(outranks.classList.contains('badge')).toBe(true);
    expect(outranks.getAttribute('title')).toBe("Its name outranks the server's read-only hint.");
    const searching = within(await row('search_files')).getByText('read-only');
    expect(searching.getAttribute('title')).toBeNull();
    // No hints at all: the name alone decides, and there is nothing to disagree with.
    expect(within(await row('weather')).getByText('write').getAttribute('title')).toBeNull();
    expect(within(await row('search_files')).queryByText(/outranks/)).toBeNull();
  });

  it("marks a hint as the server's when the listing has no tier, never in the policy's words", async () => {
    render('#/services/files/tools');
    const list = await screen.findByRole('navigation', { name: 'Tools of files' });
    const row = (await within(list).findByText('lookup_notes')).closest('a') as HTMLElement;
    expect(within(row).queryByText('read-only')).toBeNull();
    expect(within(row).getByText('server says: read-only')).toBeTruthy();
  });

  it('shows it on the tool itself too, with a warning before calling it', async () => {
    render('#/services/files/tools/delete_everything');
    const detail = await screen.findByRole('article', { name: /delete_everything/ });
    expect(within(detail).getByText('destructive')).toBeTruthy();
    expect(within(detail).queryByText('read-only')).toBeNull();
    expect(within(detail).getByText(/^“delete” in its name marks it destructive: agents' policies treat it so/)).toBeTruthy();
  });

  it('names the word that makes it destructive, not always "delete"', async () => {
    render('#/services/files/tools/revokeToken');
    const detail = await screen.findByRole('article', { name: /revokeToken/ });
    const note = within(detail).getByText(/in its name marks it destructive/);
    expect(note.textContent).toBe("“revoke” in its name marks it destructive: agents' policies treat it so, and it may remove or undo things for good.");
    expect(note.textContent).not.toMatch(/delete/);
  });
});
